public import KioskCore

/// A network that is not there: every request fails at once with `.connectionFailed`, as
/// a kiosk with its cable pulled sees it.
public struct NoNetwork: HTTPTransport {
    /// No network.
    public init() {}

    /// Fails.
    /// - Throws: `HTTPTransportError` of kind `.connectionFailed`, always.
    public func get(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        throw HTTPTransportError(kind: .connectionFailed, url: request.url, message: "offline")
    }
}
