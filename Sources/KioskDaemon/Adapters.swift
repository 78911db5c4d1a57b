import CurlHTTP
public import KioskCore

/// The real adapters the binary uses; tests pass their own.
public enum Adapters {
    /// Runs `body` with the libcurl transport (the kiosk's timeouts and limits), then
    /// stops the transport's thread and waits for it, also when `body` throws: a process
    /// must not exit while that thread is still cleaning up libcurl, whose global state
    /// exit() tears down at the same moment.
    public static func withHTTPTransport<Result>(
        _ body: (any HTTPTransport) async throws -> Result
    ) async throws -> Result {
        let transport = CurlTransport()
        do {
            let result = try await body(transport)
            await transport.shutdown()
            return result
        } catch {
            await transport.shutdown()
            throw error
        }
    }
}
