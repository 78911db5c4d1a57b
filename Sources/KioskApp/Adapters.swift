import CurlHTTP
public import KioskCore

/// The real adapters the binary uses; tests pass their own.
public enum Adapters {
    /// The libcurl transport with the kiosk's timeouts and limits.
    public static func httpTransport() -> any HTTPTransport { CurlTransport() }
}
