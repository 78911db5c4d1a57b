import KioskCore

/// The reply to a `ControlCommand`, typed: the daemon encodes it, the CLI decodes it, and
/// neither builds or picks apart JSON by hand. On the wire it is one JSON object on one
/// line, `ok` first and the rest in key order, as docs/control-protocol.md fixes:
/// `{"ok":true,"status":{…}}`, `{"ok":true,"message":"…","showing":{…}}`,
/// `{"ok":false,"error":"…","exitCode":2}` (`ControlReplyWireTests` holds it byte for
/// byte).
public enum ControlReply: Sendable, Hashable {
    /// `status`: what the kiosk shows, its data, sensor, display and config.
    case status(KioskStatus)
    /// `next`, `previous`, `show`, `page`, `refresh`, `reload`: the sentence and what it
    /// adds.
    case result(ControlResult)
    /// `screenshot`: the frame on screen.
    case screenshot(ControlScreenshot)
    /// `preview`: a frame as terminal text.
    case preview(ControlPreview)
    /// A refusal or a failure: the sentence and the exit code for the CLI.
    case failure(ControlFailure)

    /// The keys that come first on the wire, in this order; the rest follow in key order.
    static let leadingKeys = ["ok", "error", "exitCode"]

    /// The reply line, newline included. A reply that cannot be encoded (a number that is
    /// not finite) becomes a failure that says so.
    public func line() -> [UInt8] {
        do {
            return try JSONLine.encode(self, first: Self.leadingKeys) + [10]
        } catch {
            let failure = ControlReply.failure(
                ControlFailure(
                    message: Sentence.ended("The kiosk could not answer: \(error)"),
                    exitCode: CommandFailure.runtime))
            // Two strings and a number always encode.
            return ((try? JSONLine.encode(failure, first: Self.leadingKeys)) ?? []) + [10]
        }
    }

    /// The command a request names, as the server takes it; a request that names none, or
    /// lacks what its command needs, is a usage error (exit 2).
    public static func command(of request: ControlRequest) -> Result<ControlCommand, ControlFailure>
    {
        do throws(ControlCommandError) {
            return .success(try ControlCommand(request))
        } catch {
            return .failure(ControlFailure(message: error.message, exitCode: CommandFailure.usage))
        }
    }
}

/// A refusal or failure on the control socket: `{"ok":false,"error":"…","exitCode":N}`.
public struct ControlFailure: Error, Sendable, Hashable, Codable {
    /// The sentence.
    public var message: String
    /// The exit code the CLI ends with; nil for a request the protocol could not read,
    /// which the CLI takes as a usage error.
    public var exitCode: Int32?

    enum CodingKeys: String, CodingKey {
        case message = "error"
        case exitCode
    }

    /// Creates a failure.
    public init(message: String, exitCode: Int32? = nil) {
        self.message = message
        self.exitCode = exitCode
    }

    /// The failure as the CLI reports it.
    public var commandFailure: CommandFailure {
        CommandFailure(message, exitCode: exitCode ?? CommandFailure.usage)
    }
}

/// The reply to `screenshot`: the frame on screen as PNG.
public struct ControlScreenshot: Sendable, Hashable, Codable {
    /// The PNG file, base64.
    public var png: String
    /// Its width in pixels.
    public var width: Int
    /// Its height in pixels.
    public var height: Int
    /// The frame's number.
    public var frame: Int

    /// Creates a screenshot reply.
    public init(png: String, width: Int, height: Int, frame: Int) {
        self.png = png
        self.width = width
        self.height = height
        self.frame = frame
    }
}

/// The reply to `preview`: a frame as terminal text.
public struct ControlPreview: Sendable, Hashable, Codable {
    /// The frame's number.
    public var frame: Int
    /// The picture as ANSI text, one line per terminal row.
    public var ansi: String

    /// Creates a preview reply.
    public init(frame: Int, ansi: String) {
        self.frame = frame
        self.ansi = ansi
    }
}

extension ControlReply: Codable {
    private enum Key: String, CodingKey {
        case ok, status, png, ansi
    }

    /// A success with `payload`'s members after `"ok":true`.
    struct Success<Payload: Encodable>: Encodable {
        var payload: Payload

        init(_ payload: Payload) { self.payload = payload }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(true, forKey: .ok)
            try payload.encode(to: encoder)
        }
    }

    /// A `status` reply's payload: the status under its key.
    private struct StatusPayload: Encodable {
        var status: KioskStatus
    }

    /// Encodes `ok` and the reply's members in one object.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .status(let status): try Success(StatusPayload(status: status)).encode(to: encoder)
        case .result(let result): try Success(result).encode(to: encoder)
        case .screenshot(let screenshot): try Success(screenshot).encode(to: encoder)
        case .preview(let preview): try Success(preview).encode(to: encoder)
        case .failure(let failure):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(false, forKey: .ok)
            try failure.encode(to: encoder)
        }
    }

    /// Decodes a reply line's object: a failure when `ok` is false, else the reply its
    /// members make (`status`, `png`, `ansi`, or a command's result).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if try !container.decode(Bool.self, forKey: .ok) {
            self = .failure(try ControlFailure(from: decoder))
        } else if container.contains(.status) {
            self = .status(try container.decode(KioskStatus.self, forKey: .status))
        } else if container.contains(.png) {
            self = .screenshot(try ControlScreenshot(from: decoder))
        } else if container.contains(.ansi) {
            self = .preview(try ControlPreview(from: decoder))
        } else {
            self = .result(try ControlResult(from: decoder))
        }
    }
}
