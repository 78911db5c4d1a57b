public import FoundationEssentials

/// The control socket's lines: a request is one JSON object on one line
/// (`ControlRequest`, typed as `ControlCommand`), and so is its reply (`ControlReply`).
public enum ControlProtocol {
    /// Largest request line accepted, newline excluded.
    public static let maximumRequestBytes = 64 * 1024

    /// Parses one request line.
    /// - Throws: `ControlProtocolError` with the sentence to send back.
    public static func decode(_ line: [UInt8]) throws(ControlProtocolError) -> ControlRequest {
        do {
            return try JSONDecoder().decode(ControlRequest.self, from: Data(line))
        } catch {
            throw ControlProtocolError(
                message: "The request is not a JSON object with a \"cmd\" string: send one line"
                    + " such as {\"cmd\":\"status\"}.")
        }
    }

    /// The reply line for an error: `{"ok":false,"error":"…"}`.
    public static func errorLine(_ message: String) -> [UInt8] {
        ControlReply.failure(ControlFailure(message: message)).line()
    }

    /// The reply line for success: `{"ok":true, …}` with `value`'s members after `ok`, in
    /// key order.
    /// - Throws: `EncodingError` when `value` cannot be encoded (a number that is not
    ///   finite).
    public static func successLine(_ value: some Encodable) throws -> [UInt8] {
        try JSONLine.encode(ControlReply.Success(value), first: ControlReply.leadingKeys) + [10]
    }

    /// The encoder of reply lines: keys sorted (`JSONLine` puts `ok` first), dates in ISO
    /// 8601, slashes as they are.
    static func replyEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// A decoder for reply lines: dates as `replyEncoder()` encodes them (ISO 8601).
    public static func replyDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// A request the server cannot act on, with the sentence for the reply.
public struct ControlProtocolError: Error, Sendable, Hashable {
    /// The sentence.
    public var message: String
}
