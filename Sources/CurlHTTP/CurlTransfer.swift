import CCurl
import KioskCore

/// The worker thread's easy handle and how one request runs on it. Lives and dies on that
/// thread: never shared, so it needs no locking.
final class CurlTransfer {
    private let handle: UnsafeMutableRawPointer
    private let options: CurlTransport.Options
    private unowned let worker: CurlWorker
    private let errorBuffer: UnsafeMutablePointer<CChar>

    init(handle: UnsafeMutableRawPointer, options: CurlTransport.Options, worker: CurlWorker) {
        self.handle = handle
        self.options = options
        self.worker = worker
        let size = CCurl_error_buffer_size()
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    /// Closes the kept-alive connections and frees the handle.
    func cleanUp() {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Runs `job` to completion, failure or cancellation.
    func perform(_ job: CurlJob) -> Result<HTTPResponse, HTTPTransportError> {
        if job.isCancelled || worker.isShuttingDown {
            return .failure(CurlWorker.cancelledError(job, shutDown: worker.isShuttingDown))
        }
        let request = job.request
        // Reset clears every option but keeps live connections, the DNS cache and TLS
        // sessions: nothing of the previous request leaks into this one.
        curl_easy_reset(handle)
        errorBuffer[0] = 0
        var headers: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headers) }
        let userAgent = request.userAgent ?? KioskVersion.userAgent
        if Self.hasLineBreak(userAgent) {
            return .failure(lineBreak(in: "User-Agent", of: request))
        }
        for header in request.headers where !Self.isTransportHeader(header.name) {
            let line = "\(header.name): \(header.value)"
            guard !Self.hasLineBreak(line) else {
                return .failure(lineBreak(in: header.name, of: request))
            }
            guard let appended = curl_slist_append(headers, line) else {
                return .failure(outOfMemory(request))
            }
            headers = appended
        }
        let context = TransferContext(
            handle: handle, job: job, worker: worker, limit: options.maximumBodyBytes)
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        if let failure = configure(
            request, headers: headers, userAgent: userAgent, context: contextPointer)
        {
            return .failure(failure)
        }
        let code = withExtendedLifetime(context) { curl_easy_perform(handle) }
        if code == CURLE_OK {
            var status = 0
            CCurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            return .success(
                HTTPResponse(status: status, body: context.body.bytes, headers: responseHeaders()))
        }
        return .failure(failure(code, request: request, context: context))
    }

    /// The header fields of the final response, in order, as libcurl kept them.
    private func responseHeaders() -> [HTTPHeader] {
        var fields: [HTTPHeader] = []
        var previous: UnsafeMutablePointer<curl_header>?
        while let field = CCurl_next_response_header(handle, previous) {
            if let name = field.pointee.name, let value = field.pointee.value {
                fields.append(
                    HTTPHeader(name: String(cString: name), value: String(cString: value)))
            }
            previous = field
        }
        return fields
    }

    /// Bytes, not Characters: "\r\n" is one Character and equals neither.
    private static func hasLineBreak(_ text: String) -> Bool {
        text.utf8.contains { $0 == 13 || $0 == 10 }
    }

    private func lineBreak(in name: String, of request: HTTPRequest) -> HTTPTransportError {
        HTTPTransportError(
            kind: .other, url: request.redactedURL,
            message:
                "Header \(name) for \(request.redactedURL) contains a line break: remove it "
                + "from the value.")
    }

    /// `User-Agent` and `Accept-Encoding` are the transport's business.
    private static func isTransportHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == "user-agent" || lowered == "accept-encoding"
    }

    /// Sets every option for `request`; returns an error if libcurl refuses one (an old
    /// libcurl that lacks it), because running without, say, the protocol limit is unsafe.
    private func configure(
        _ request: HTTPRequest, headers: UnsafeMutablePointer<curl_slist>?, userAgent: String,
        context: UnsafeMutableRawPointer
    ) -> HTTPTransportError? {
        let settings: [(String, CURLcode)] = [
            ("CURLOPT_URL", CCurl_setopt_string(handle, CURLOPT_URL, request.url)),
            ("CURLOPT_HTTPGET", CCurl_setopt_long(handle, CURLOPT_HTTPGET, 1)),
            ("CURLOPT_HTTPHEADER", CCurl_setopt_slist(handle, CURLOPT_HTTPHEADER, headers)),
            (
                "CURLOPT_USERAGENT",
                CCurl_setopt_string(handle, CURLOPT_USERAGENT, userAgent)
            ),
            (
                "CURLOPT_ACCEPT_ENCODING",
                CCurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "gzip")
            ),
            ("CURLOPT_NOSIGNAL", CCurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)),
            (
                "CURLOPT_PROTOCOLS_STR",
                CCurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
            ),
            (
                "CURLOPT_REDIR_PROTOCOLS_STR",
                CCurl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            ),
            ("CURLOPT_FOLLOWLOCATION", CCurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)),
            (
                "CURLOPT_MAXREDIRS",
                CCurl_setopt_long(handle, CURLOPT_MAXREDIRS, options.maximumRedirects)
            ),
            ("CURLOPT_SSL_VERIFYPEER", CCurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)),
            ("CURLOPT_SSL_VERIFYHOST", CCurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)),
            (
                "CURLOPT_CONNECTTIMEOUT_MS",
                CCurl_setopt_long(
                    handle, CURLOPT_CONNECTTIMEOUT_MS,
                    Self.milliseconds(options.connectTimeout))
            ),
            (
                "CURLOPT_TIMEOUT_MS",
                CCurl_setopt_long(
                    handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(options.totalTimeout))
            ),
            (
                "CURLOPT_MAXFILESIZE_LARGE",
                CCurl_setopt_offset(
                    handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maximumBodyBytes))
            ),
            ("CURLOPT_ERRORBUFFER", CCurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)),
            ("CURLOPT_WRITEFUNCTION", CCurl_setopt_write_function(handle, curlWriteCallback)),
            ("CURLOPT_WRITEDATA", CCurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)),
            ("CURLOPT_NOPROGRESS", CCurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)),
            (
                "CURLOPT_XFERINFOFUNCTION",
                CCurl_setopt_progress_function(handle, curlProgressCallback)
            ),
            ("CURLOPT_XFERINFODATA", CCurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)),
            (
                "CURLOPT_RESOLVER_START_FUNCTION",
                CCurl_setopt_resolver_start_function(handle, curlResolverStartCallback)
            ),
            (
                "CURLOPT_RESOLVER_START_DATA",
                CCurl_setopt_pointer(handle, CURLOPT_RESOLVER_START_DATA, context)
            ),
        ]
        guard let (name, code) = settings.first(where: { $0.1 != CURLE_OK }) else { return nil }
        if code == CURLE_OUT_OF_MEMORY { return outOfMemory(request) }
        let version = String(cString: curl_version())
        return HTTPTransportError(
            kind: .other, url: request.redactedURL,
            message:
                "\(version) refused \(name) (\(String(cString: curl_easy_strerror(code)))) "
                + "while preparing \(request.redactedURL): install libcurl 7.85 or newer.")
    }

    private func failure(_ code: CURLcode, request: HTTPRequest, context: TransferContext)
        -> HTTPTransportError
    {
        var osErrno = 0
        CCurl_getinfo_long(handle, CURLINFO_OS_ERRNO, &osErrno)
        // A connection reused from an earlier request has no connect time of its own: the
        // request was sent (pretransfer), or the time spent is nearer the transfer's limit
        // than the connect limit, so the transfer's limit is the one that fired.
        var connectTime: curl_off_t = 0
        CCurl_getinfo_offset(handle, CURLINFO_CONNECT_TIME_T, &connectTime)
        var pretransferTime: curl_off_t = 0
        CCurl_getinfo_offset(handle, CURLINFO_PRETRANSFER_TIME_T, &pretransferTime)
        var totalTime: curl_off_t = 0
        CCurl_getinfo_offset(handle, CURLINFO_TOTAL_TIME_T, &totalTime)
        let limits = Int64(
            Self.milliseconds(options.connectTimeout) + Self.milliseconds(options.totalTimeout))
        let pastConnectLimit =
            options.totalTimeout > options.connectTimeout && Int64(totalTime) * 2 > limits * 1000
        var effectiveURL: UnsafePointer<CChar>?
        CCurl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &effectiveURL)
        let failure = CurlFailure(
            code: code,
            requestURL: request.url,
            effectiveURL: effectiveURL.map { String(cString: $0) } ?? request.url,
            detail: String(cString: errorBuffer),
            osErrno: Int32(truncatingIfNeeded: osErrno),
            connected: connectTime > 0 || pretransferTime > 0 || pastConnectLimit,
            exceededLimit: context.body.exceededLimit,
            cancelled: context.job.isCancelled,
            shutDown: worker.isShuttingDown,
            options: options)
        return failure.error
    }

    private func outOfMemory(_ request: HTTPRequest) -> HTTPTransportError {
        HTTPTransportError(
            kind: .other, url: request.redactedURL,
            message:
                "Ran out of memory while preparing \(request.redactedURL): restart the kiosk "
                + "and check what else uses the memory.")
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

/// What libcurl's callbacks see of a transfer, through their `void *` context. Touched only
/// on the worker thread, inside `curl_easy_perform`.
final class TransferContext {
    let handle: UnsafeMutableRawPointer
    let job: CurlJob
    unowned let worker: CurlWorker
    var body: ResponseBody

    init(handle: UnsafeMutableRawPointer, job: CurlJob, worker: CurlWorker, limit: Int) {
        self.handle = handle
        self.job = job
        self.worker = worker
        self.body = ResponseBody(limit: limit)
    }

    var shouldAbort: Bool {
        job.isCancelled || worker.isShuttingDown
    }

    /// The host libcurl is about to resolve: the one of the current URL, redirects included.
    var currentHost: String? {
        var url: UnsafePointer<CChar>?
        guard CCurl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &url) == CURLE_OK,
            let url
        else { return nil }
        return CurlURL(String(cString: url))?.host
    }
}

/// A response body that refuses to grow past its limit: the bytes held never exceed it, so
/// an oversized body costs at most `limit` bytes of memory before it is refused.
struct ResponseBody {
    /// The most bytes accepted.
    let limit: Int
    /// What arrived so far.
    private(set) var bytes: [UInt8] = []
    /// Set once a write would have passed `limit`; nothing is appended after that.
    private(set) var exceededLimit = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Appends `chunk`, or refuses it (returns false) when it would pass the limit.
    mutating func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard !exceededLimit, chunk.count <= limit - bytes.count else {
            exceededLimit = true
            return false
        }
        bytes.append(contentsOf: chunk)
        return true
    }
}

/// Body bytes, already gzip-decoded by libcurl. Returning less than given aborts the
/// transfer with CURLE_WRITE_ERROR: that is how an oversized chunked body is refused.
private let curlWriteCallback: CCurl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return length }
    return transfer.body.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// Called often while data flows and about once a second when it does not: non-zero aborts
/// the transfer with CURLE_ABORTED_BY_CALLBACK, which is how cancellation works.
private let curlProgressCallback: CCurl_progress_callback = { context, _, _, _, _ in
    guard let context else { return 0 }
    let transfer = Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
    return transfer.shouldAbort ? 1 : 0
}

/// Called before libcurl resolves a name. RFC 6761 §6.4: names under `.invalid` never
/// resolve, so they are refused here without asking DNS (libcurl then reports
/// CURLE_COULDNT_RESOLVE_HOST). Cancellation is honoured here too.
private let curlResolverStartCallback: CCurl_resolver_start_callback = { _, _, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
    if transfer.shouldAbort { return 1 }
    guard let host = transfer.currentHost else { return 0 }
    return CurlURL.isSpecialInvalidName(host) ? 1 : 0
}
