/// A way for `LoopbackHTTPServer` to misbehave on purpose, for failure tests.
public enum ServerFault: Sendable, Hashable {
    /// Answers with this status and body (a JSON reason, as Open-Meteo sends), for example
    /// 500, 503 or 429.
    case status(Int, body: String)
    /// Accepts and reads the request, sends nothing for this long, then closes.
    case stall(seconds: Double)
    /// Answers 200 with a body that starts like JSON and ends in a plain-text error, the
    /// way a stream breaks after it started.
    case malformedJSON
    /// Sends the handler's response with a Content-Length larger than the bytes that
    /// follow, then closes the connection.
    case truncatedBody
    /// Answers 200 with an N-byte body and a Content-Length that says so.
    case hugeBody(bytes: Int)
    /// Sends the handler's response at this rate: headers at once, the body trickling.
    case drip(bytesPerSecond: Int)
    /// Accepts and reads the request, then closes without a byte of response.
    case closeWithoutResponse
}

extension ServerFault {
    /// The body `.malformedJSON` sends.
    public static let malformedJSONBody =
        #"{"latitude":52.52,"longitude":13.41,"hourly":{"time":["2024-06-01T00:00","#
        + "\nInternal Server Error: upstream timed out\n"
}
