import FoundationEssentials

/// One request on the control socket: a JSON object on one line, `{"cmd":"status"}`.
public struct ControlRequest: Sendable, Hashable, Codable {
    /// The command: status, next, previous, show, page, refresh, reload, screenshot,
    /// preview.
    public var cmd: String
    /// For `show`: a favourite's name or 1-based number.
    public var city: String?
    /// For `page`: city, hourly, indoor or map.
    public var page: String?
    /// For `preview`: answer only once the frame number is above this.
    public var after: Int?
    /// For `preview`: terminal columns.
    public var columns: Int?
    /// For `preview`: terminal rows.
    public var rows: Int?
    /// For `preview`: "truecolor" for 24-bit colour, else the 256-colour palette.
    public var colors: String?
    /// For `refresh`: try once even though a rate limit holds refreshes.
    public var force: Bool?

    /// Creates a request.
    public init(
        cmd: String, city: String? = nil, page: String? = nil, after: Int? = nil,
        columns: Int? = nil, rows: Int? = nil, colors: String? = nil, force: Bool? = nil
    ) {
        self.cmd = cmd
        self.city = city
        self.page = page
        self.after = after
        self.columns = columns
        self.rows = rows
        self.colors = colors
        self.force = force
    }
}

/// Encoding and decoding of the protocol's lines.
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
        Array("{\"ok\":false,\"error\":\(JSONText.quoted(message))}\n".utf8)
    }

    /// The reply line for success: `{"ok":true, …fields}`; `fields` is a JSON object's
    /// members without braces, or empty.
    public static func successLine(_ fields: String = "") -> [UInt8] {
        Array("{\"ok\":true\(fields.isEmpty ? "" : "," + fields)}\n".utf8)
    }

    /// A decoder for reply lines: dates as `successLine(_:)` encodes them (ISO 8601).
    static func replyDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Encodes `value`'s members after `"ok":true`.
    public static func successLine(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var object = String(decoding: try encoder.encode(value), as: UTF8.self)
        guard object.hasPrefix("{") else { return successLine() }
        object.removeFirst()
        let members = object.hasPrefix("}") ? "" : "," + object.dropLast()
        return Array("{\"ok\":true\(members)}\n".utf8)
    }
}

/// A request the server cannot act on, with the sentence for the reply.
public struct ControlProtocolError: Error, Sendable, Hashable {
    /// The sentence.
    public var message: String
}
