import FoundationEssentials

/// A command on the control socket, typed: the CLI encodes it, the daemon decodes it, and
/// neither switches on the `cmd` string. On the wire it is the `ControlRequest` JSON object
/// that docs/control-protocol.md fixes (`{"cmd":"status"}`,
/// `{"cmd":"refresh","force":true}`), keys sorted.
public enum ControlCommand: Sendable, Hashable {
    /// What the kiosk shows, its data, sensor, display and config.
    case status
    /// The next favourite.
    case next
    /// The previous favourite.
    case previous
    /// A favourite by name or 1-based number.
    case show(city: String)
    /// A page by name (the daemon checks it and says which pages there are).
    case page(String)
    /// Fetch forecasts now; `force` tries once despite a rate limit.
    case refresh(force: Bool)
    /// Read the config file now.
    case reload
    /// The frame on screen as PNG.
    case screenshot
    /// The next frame after `after` as terminal text of `columns` × `rows` cells;
    /// `colors` "truecolor" for 24-bit colour. Absent fields take the daemon's defaults.
    case preview(after: Int?, columns: Int?, rows: Int?, colors: String?)

    /// The names of the commands, as the error for an unknown one lists them.
    public static let names = [
        "status", "next", "previous", "show", "page", "refresh", "reload", "screenshot",
        "preview",
    ]

    /// The command a request names.
    /// - Throws: `ControlCommandError` for an unknown command or a missing argument.
    public init(_ request: ControlRequest) throws(ControlCommandError) {
        switch request.cmd {
        case "status": self = .status
        case "next": self = .next
        case "previous": self = .previous
        case "show":
            guard let city = request.city, !city.isEmpty else {
                throw ControlCommandError(message: "show needs a favourite's name or number.")
            }
            self = .show(city: city)
        case "page": self = .page(request.page ?? "")
        case "refresh": self = .refresh(force: request.force ?? false)
        case "reload": self = .reload
        case "screenshot": self = .screenshot
        case "preview":
            self = .preview(
                after: request.after, columns: request.columns, rows: request.rows,
                colors: request.colors)
        default:
            let list = Self.names.dropLast().joined(separator: ", ")
            throw ControlCommandError(
                message:
                    "Unknown command \"\(request.cmd)\"; the commands are \(list) and \(Self.names.last ?? "")."
            )
        }
    }

    /// Whether the kiosk may keep it waiting long: a `preview` waits for the next frame.
    public var waitsForAFrame: Bool {
        if case .preview = self { return true }
        return false
    }

    /// The command's name on the wire: the request's `cmd`.
    public var name: String { request.cmd }

    /// The request object that carries the command on the wire.
    public var request: ControlRequest {
        switch self {
        case .status: ControlRequest(cmd: "status")
        case .next: ControlRequest(cmd: "next")
        case .previous: ControlRequest(cmd: "previous")
        case .show(let city): ControlRequest(cmd: "show", city: city)
        case .page(let page): ControlRequest(cmd: "page", page: page)
        case .refresh(let force): ControlRequest(cmd: "refresh", force: force ? true : nil)
        case .reload: ControlRequest(cmd: "reload")
        case .screenshot: ControlRequest(cmd: "screenshot")
        case .preview(let after, let columns, let rows, let colors):
            ControlRequest(
                cmd: "preview", after: after, columns: columns, rows: rows, colors: colors)
        }
    }
}

extension ControlCommand: Codable {
    /// Decodes the request object and the command it names.
    /// - Throws: `ControlCommandError` for an unknown command, or the decoder's error.
    public init(from decoder: any Decoder) throws {
        try self.init(ControlRequest(from: decoder))
    }

    /// Encodes the request object.
    public func encode(to encoder: any Encoder) throws {
        try request.encode(to: encoder)
    }

    /// The request line the CLI sends, newline excluded: JSON with sorted keys.
    /// - Throws: `EncodingError` (never for these plain fields).
    public func line() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(self))
    }
}

/// A request that names no command the kiosk has, or lacks what its command needs: the
/// sentence for the reply (a usage error, exit code 2).
public struct ControlCommandError: Error, Sendable, Hashable {
    /// The sentence.
    public var message: String
}

/// One request on the control socket: a JSON object on one line, `{"cmd":"status"}`.
public struct ControlRequest: Sendable, Hashable, Codable {
    /// The command: status, next, previous, show, page, refresh, reload, screenshot,
    /// preview.
    public var cmd: String
    /// For `show`: a favourite's name or 1-based number.
    public var city: String?
    /// For `page`: city, hourly, indoor, map, sky or dashboard.
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
