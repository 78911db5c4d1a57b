import CCurl
import Glibc
import KioskCore
import Testing

@testable import CurlHTTP

/// The CURLcode → error table, for the failures a loopback test cannot produce (DNS,
/// unreachable networks, certificates, connect timeouts).
@Suite struct CurlFailureMessageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var code: CURLcode
        var osErrno: Int32 = 0
        var connected = false
        var kind: HTTPTransportError.Kind
        var phrases: [String]

        var testDescription: String { "CURLcode \(code.rawValue) errno \(osErrno)" }
    }

    static let url = "https://api.open-meteo.com/v1/forecast?latitude=52.52&apikey=TOPSECRET"

    @Test(arguments: [
        Case(
            code: CURLE_COULDNT_RESOLVE_HOST, kind: .hostNotFound,
            phrases: ["Could not resolve host api.open-meteo.com", "DNS"]),
        Case(
            code: CURLE_COULDNT_CONNECT, osErrno: ECONNREFUSED, kind: .connectionFailed,
            phrases: ["api.open-meteo.com port 443 was refused"]),
        Case(
            code: CURLE_COULDNT_CONNECT, osErrno: ENETUNREACH, kind: .connectionFailed,
            phrases: ["Could not reach api.open-meteo.com port 443", "network connection"]),
        Case(
            code: CURLE_OPERATION_TIMEDOUT, kind: .timedOut,
            phrases: ["Connecting to api.open-meteo.com port 443 timed out after 5 s"]),
        Case(
            code: CURLE_OPERATION_TIMEDOUT, connected: true, kind: .timedOut,
            phrases: ["timed out after 20 s", "api.open-meteo.com/v1/forecast"]),
        Case(
            code: CURLE_PEER_FAILED_VERIFICATION, kind: .tls,
            phrases: ["TLS certificate of api.open-meteo.com", "system clock", "NTP"]),
        Case(
            code: CURLE_SSL_CACERT_BADFILE, kind: .tls, phrases: ["ca-certificates"]),
        Case(
            code: CURLE_SSL_CONNECT_ERROR, kind: .tls,
            phrases: ["TLS handshake with api.open-meteo.com port 443 failed"]),
        Case(
            code: CURLE_FILESIZE_EXCEEDED, kind: .tooLarge,
            phrases: ["larger than 4 MiB", "api.open-meteo.com/v1/forecast"]),
        Case(
            code: CURLE_PARTIAL_FILE, kind: .incomplete,
            phrases: ["connection to api.open-meteo.com closed before"]),
        Case(
            code: CURLE_RECV_ERROR, osErrno: ECONNRESET, kind: .incomplete,
            phrases: ["(connection reset)"]),
        Case(
            code: CURLE_GOT_NOTHING, kind: .incomplete,
            phrases: ["api.open-meteo.com port 443 closed the connection without answering"]),
        Case(code: CURLE_TOO_MANY_REDIRECTS, kind: .other, phrases: ["more than 3 times"]),
        Case(code: CURLE_SEND_FAIL_REWIND, kind: .other, phrases: ["libcurl error 65"]),
    ])
    func codeBecomesKindAndSentence(_ testCase: Case) {
        let error = failure(testCase.code, osErrno: testCase.osErrno, connected: testCase.connected)
            .error
        #expect(error.kind == testCase.kind)
        for phrase in testCase.phrases {
            #expect(error.message.contains(phrase), "\(error.message)")
        }
        #expect(!error.message.contains("TOPSECRET"))
        #expect(!error.url.contains("TOPSECRET"))
        // One sentence: a single full stop, at the end.
        #expect(error.message.hasSuffix("."))
        #expect(!error.message.dropLast().contains(". "))
    }

    @Test func writeErrorIsTooLargeOnlyWhenTheLimitWasPassed() {
        var overLimit = failure(CURLE_WRITE_ERROR)
        overLimit.exceededLimit = true
        #expect(overLimit.error.kind == .tooLarge)
        #expect(failure(CURLE_WRITE_ERROR).error.kind == .other)
    }

    @Test func anyFailureOfACancelledTaskIsCancelled() {
        var cancelled = failure(CURLE_COULDNT_RESOLVE_HOST)
        cancelled.cancelled = true
        #expect(cancelled.error.kind == .cancelled)
        var shutDown = failure(CURLE_ABORTED_BY_CALLBACK)
        shutDown.shutDown = true
        #expect(shutDown.error.kind == .cancelled)
        #expect(shutDown.error.message.contains("shut down"))
    }

    @Test(arguments: [
        (Duration.seconds(5), "5 s"), (.milliseconds(1500), "1.5 s"),
        (.milliseconds(250), "0.25 s"), (.milliseconds(20_001), "20.001 s"),
    ])
    func secondsAreWrittenPlainly(duration: Duration, text: String) {
        #expect(CurlFailure.secondsText(duration) == text)
    }

    @Test(arguments: [(4 << 20, "4 MiB"), (512 << 10, "512 KiB"), (1000, "1000 bytes")])
    func sizesAreWrittenInBinaryUnits(bytes: Int, text: String) {
        #expect(CurlFailure.sizeText(bytes) == text)
    }

    @Test func responseBodyNeverHoldsMoreThanItsLimit() {
        var body = ResponseBody(limit: 10)
        let six = [UInt8](repeating: 1, count: 6)
        let first = six.withUnsafeBytes { body.append($0) }
        let second = six.withUnsafeBytes { body.append($0) }
        #expect(first)
        #expect(!second)
        #expect(body.bytes.count == 6)
        #expect(body.exceededLimit)
        // Once refused, even a chunk that would fit is refused: the transfer is over.
        let third = [UInt8(1)].withUnsafeBytes { body.append($0) }
        #expect(!third)
        #expect(body.bytes.count == 6)
    }

    @Test(arguments: [
        ("something.invalid", true), ("INVALID", true), ("a.b.invalid.", true),
        ("invalid.example.com", false), ("api.open-meteo.com", false), ("127.0.0.1", false),
    ])
    func specialInvalidNames(host: String, isInvalid: Bool) {
        #expect(CurlURL.isSpecialInvalidName(host) == isInvalid)
    }

    private func failure(
        _ code: CURLcode, osErrno: Int32 = 0, connected: Bool = false
    ) -> CurlFailure {
        CurlFailure(
            code: code, requestURL: Self.url, effectiveURL: Self.url, detail: "", osErrno: osErrno,
            connected: connected, exceededLimit: false, cancelled: false, shutDown: false,
            options: CurlTransport.Options())
    }
}
