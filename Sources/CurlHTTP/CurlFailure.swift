import CCurl
import Glibc
import KioskCore

/// Everything known about a failed transfer, and the one sentence it becomes.
struct CurlFailure {
    /// What `curl_easy_perform` returned.
    var code: CURLcode
    /// The URL as requested (secrets still in it: never shown as it is).
    var requestURL: String
    /// The URL libcurl was on when it failed: differs from `requestURL` after a redirect.
    var effectiveURL: String
    /// libcurl's own error text (CURLOPT_ERRORBUFFER), possibly empty.
    var detail: String
    /// The errno behind a failed connect or receive (CURLINFO_OS_ERRNO), or 0.
    var osErrno: Int32
    /// Whether a connection was established (CURLINFO_CONNECT_TIME_T > 0).
    var connected: Bool
    /// Whether the write callback refused the body for being over the limit.
    var exceededLimit: Bool
    /// Whether the calling task was cancelled.
    var cancelled: Bool
    /// Whether the transport was shutting down.
    var shutDown: Bool
    /// The limits the transfer ran with, for the numbers in the messages.
    var options: CurlTransport.Options

    /// The error to throw: kind, redacted URL and one sentence naming the host or URL.
    var error: HTTPTransportError {
        let (kind, message) = kindAndMessage
        return HTTPTransportError(
            kind: kind, url: HTTPRequest.redactingSecrets(in: requestURL), message: message)
    }

    /// The URL as messages show it: no query (long, and possibly secret).
    private var url: String { HTTPRequest.shortened(effectiveURL) }
    private var parsed: CurlURL? { CurlURL(effectiveURL) }
    private var host: String { parsed?.host ?? url }
    private var hostAndPort: String {
        guard let port = parsed?.port else { return host }
        return "\(host) port \(port)"
    }

    private var kindAndMessage: (HTTPTransportError.Kind, String) {
        if cancelled || shutDown {
            let reason = shutDown && !cancelled ? " because the HTTP transport shut down" : ""
            return (.cancelled, "The request to \(url) was cancelled\(reason).")
        }
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST:
            return (
                .hostNotFound,
                "Could not resolve host \(host): check the network connection and DNS, "
                    + "or the host name in the configured URL."
            )
        case CURLE_COULDNT_RESOLVE_PROXY:
            return (
                .hostNotFound,
                "Could not resolve the proxy for \(url): check the network connection and "
                    + "the http_proxy and https_proxy environment variables."
            )
        case CURLE_COULDNT_CONNECT, CURLE_PROXY:
            return (.connectionFailed, connectMessage)
        case CURLE_OPERATION_TIMEDOUT:
            return (.timedOut, timeoutMessage)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return (
                .tls,
                "The TLS certificate of \(host) could not be verified: check that the system "
                    + "clock is right (a Pi without a real-time clock boots with a wrong date "
                    + "until NTP syncs; see timedatectl) and that ca-certificates is up to date."
            )
        case CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE:
            return (
                .tls,
                "The CA certificates to check \(host) could not be read: install the "
                    + "ca-certificates package (apt install ca-certificates)."
            )
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
            CURLE_USE_SSL_FAILED, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CLIENTCERT:
            return (
                .tls,
                "The TLS handshake with \(hostAndPort) failed\(detailSuffix): check that the "
                    + "system clock is right and that the URL's port serves HTTPS."
            )
        case CURLE_FILESIZE_EXCEEDED:
            return (.tooLarge, tooLargeMessage)
        case CURLE_WRITE_ERROR where exceededLimit:
            return (.tooLarge, tooLargeMessage)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_HTTP2,
            CURLE_HTTP2_STREAM:
            return (
                .incomplete,
                "The connection to \(host) closed before the response from \(url) was "
                    + "complete\(errnoSuffix): the network or the server dropped it, so try "
                    + "again later."
            )
        case CURLE_GOT_NOTHING:
            return (
                .incomplete,
                "The server at \(hostAndPort) closed the connection without answering "
                    + "\(url): check that the URL's port serves HTTP, or try again later."
            )
        case CURLE_BAD_CONTENT_ENCODING:
            return (
                .other,
                "The response from \(url) could not be decompressed: the server sent a broken "
                    + "gzip body, so try again later."
            )
        case CURLE_TOO_MANY_REDIRECTS:
            return (
                .other,
                "\(HTTPRequest.redactingSecrets(in: requestURL)) redirected more than "
                    + "\(options.maximumRedirects) times: put the final address in the config."
            )
        case CURLE_UNSUPPORTED_PROTOCOL:
            return (
                .other,
                "\(url) is not an http or https URL: only those are fetched, so fix the URL "
                    + "in the config."
            )
        case CURLE_URL_MALFORMAT:
            return (.other, "\(url) is not a valid URL: fix it in the config.")
        default:
            return (
                .other,
                "Fetching \(url) failed\(detailSuffix) (libcurl error \(code.rawValue)): check "
                    + "the network connection and the URL."
            )
        }
    }

    private var connectMessage: String {
        switch osErrno {
        case ECONNREFUSED:
            "Connection to \(hostAndPort) was refused: nothing listens there, so check the "
                + "host and port in the configured URL, or try again when the server is back."
        case ENETUNREACH, EHOSTUNREACH:
            "Could not reach \(hostAndPort): the network is unreachable, so check the "
                + "network connection (cable, Wi-Fi, default route)."
        default:
            "Could not connect to \(hostAndPort)\(detailSuffix): check the network "
                + "connection and that the server is up."
        }
    }

    private var timeoutMessage: String {
        if connected {
            return "Fetching \(url) timed out after \(Self.secondsText(options.totalTimeout)): "
                + "the server or the network is too slow, so try again later."
        }
        let limit = min(options.connectTimeout, options.totalTimeout)
        return "Connecting to \(hostAndPort) timed out after \(Self.secondsText(limit)): "
            + "check the network connection and that the server is up."
    }

    private var tooLargeMessage: String {
        "The response from \(url) was larger than \(Self.sizeText(options.maximumBodyBytes)) "
            + "and was refused: check that the configured URL points at the API, not at a "
            + "web page or a download."
    }

    private var detailSuffix: String {
        let text = HTTPRequest.redactingSecrets(in: detail)
        return text.isEmpty ? "" : " (\(text))"
    }

    private var errnoSuffix: String {
        switch osErrno {
        case ECONNRESET: " (connection reset)"
        case EPIPE: " (broken pipe)"
        default: ""
        }
    }

    /// "5 s", "1.5 s", "0.25 s".
    static func secondsText(_ duration: Duration) -> String {
        let milliseconds = CurlTransfer.milliseconds(duration)
        var fraction = String(milliseconds % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = milliseconds / 1000
        return fraction.isEmpty ? "\(whole) s" : "\(whole).\(fraction) s"
    }

    /// "4 MiB", "512 KiB", "1000 bytes".
    static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
