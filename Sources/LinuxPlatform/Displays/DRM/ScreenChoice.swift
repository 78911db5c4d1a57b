public import KioskCore

// The pure decisions of a DRM/KMS screen: which connector, which mode, and whether
// `display.kind = "auto"` draws through DRM or the framebuffer. DRMDisplay reads the cards
// and does what these say.

/// One mode a connector offers, as the kernel lists it.
public struct ScreenMode: Sendable, Hashable, CustomStringConvertible {
    /// Visible width in pixels.
    public var width: Int
    /// Visible height in pixels.
    public var height: Int
    /// Vertical refresh in whole hertz (0 when the driver does not say).
    public var refreshRate: Int
    /// Whether the screen says it prefers this mode (its native resolution).
    public var isPreferred: Bool

    /// Creates a mode.
    public init(width: Int, height: Int, refreshRate: Int, isPreferred: Bool = false) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
        self.isPreferred = isPreferred
    }

    /// The visible size.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// "1920x1080@60".
    public var description: String { "\(width)x\(height)@\(refreshRate)" }
}

/// A connector (an output: an HDMI socket, a DSI or DPI panel, composite) of a DRM card.
public struct ScreenConnector: Sendable, Hashable, CustomStringConvertible {
    /// The card's device, "/dev/dri/card1".
    public var card: String
    /// The kernel's name for it: "HDMI-A-1", "DSI-1", "Composite-1", "Virtual-1".
    public var name: String
    /// Whether a screen is connected; nil when the driver cannot tell.
    public var isConnected: Bool?
    /// The modes the screen offers, in the driver's order (largest first, as a rule).
    public var modes: [ScreenMode]

    /// Creates a connector.
    public init(card: String, name: String, isConnected: Bool?, modes: [ScreenMode]) {
        self.card = card
        self.name = name
        self.isConnected = isConnected
        self.modes = modes
    }

    /// The name sysfs gives it, with the card: "card1-HDMI-A-1".
    public var qualifiedName: String {
        let cardName = card.split(separator: "/").last.map(String.init) ?? card
        return "\(cardName)-\(name)"
    }

    /// Whether `display.connector = wanted` means this one: its name ("HDMI-A-1") or the
    /// sysfs name with the card ("card1-HDMI-A-1"), in any case.
    public func matches(_ wanted: String) -> Bool {
        let wanted = wanted.lowercased()
        return name.lowercased() == wanted || qualifiedName.lowercased() == wanted
    }

    /// "connected", "disconnected" or "unknown".
    public var stateDescription: String {
        switch isConnected {
        case true?: "connected"
        case false?: "disconnected"
        case nil: "unknown"
        }
    }

    /// "HDMI-A-1 on /dev/dri/card0".
    public var description: String { "\(name) on \(card)" }
}

/// Why no connector or mode could be chosen: one sentence for `status` and `doctor`.
public struct ScreenChoiceProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence.
    public var message: String

    /// Wraps a sentence.
    public init(_ message: String) { self.message = message }

    /// The sentence.
    public var description: String { message }
}

/// The choices behind a DRM screen, as pure functions of what the cards report.
public enum ScreenChoice {
    /// The connector to draw on: the one `wanted` names (`display.connector`), else the
    /// first connected one, cards in the order given (card0, card1, …).
    /// - Throws: `ScreenChoiceProblem` when the named one does not exist or has no screen,
    ///   or when no connector has one.
    public static func connector(among connectors: [ScreenConnector], wanted: String?)
        throws(ScreenChoiceProblem) -> ScreenConnector
    {
        let names = connectors.map(\.name).joined(separator: ", ")
        if let wanted {
            guard let named = connectors.first(where: { $0.matches(wanted) }) else {
                throw ScreenChoiceProblem(
                    connectors.isEmpty
                        ? "display.connector = \"\(wanted)\", but no DRM card has any connector; is the display driver loaded (`ls /dev/dri`)?"
                        : "display.connector = \"\(wanted)\" is not a connector here; there are \(names) (`weather-kiosk doctor` lists them)."
                )
            }
            // A driver that cannot tell whether a screen is there still lists its modes.
            guard named.isConnected == true || (named.isConnected == nil && !named.modes.isEmpty)
            else {
                throw ScreenChoiceProblem(
                    "No screen connected to \(named.name) on \(named.card); plug one in (the kiosk finds it by itself) or set display.connector to another of \(names)."
                )
            }
            return named
        }
        if let connected = connectors.first(where: { $0.isConnected == true }) {
            return connected
        }
        throw ScreenChoiceProblem(
            connectors.isEmpty
                ? "No screen connected: no DRM card has any connector; is the display driver loaded (`ls /dev/dri`)?"
                : "No screen connected to any of \(names); plug one in (the kiosk finds it by itself)."
        )
    }

    /// The mode to set: the one `wanted` names (`display.mode`), else the preferred one,
    /// else the first.
    /// - Throws: `ScreenChoiceProblem` when the screen offers no modes or not the one asked.
    public static func mode(
        among modes: [ScreenMode], wanted: ScreenModeRequest?, connector: String
    ) throws(ScreenChoiceProblem) -> ScreenMode {
        guard let first = modes.first else {
            throw ScreenChoiceProblem(
                "\(connector) lists no modes; is the screen switched on and its cable in?")
        }
        guard let wanted else { return modes.first(where: \.isPreferred) ?? first }
        let sized = modes.filter { $0.size == wanted.size }
        let chosen =
            wanted.refreshRate.map { rate in sized.first { $0.refreshRate == rate } }
            ?? sized.max { $0.refreshRate < $1.refreshRate }
        guard let chosen else {
            var offered: [String] = []
            for mode in modes where !offered.contains(mode.description) {
                offered.append(mode.description)
            }
            throw ScreenChoiceProblem(
                "display.mode = \"\(wanted)\" is not a mode of \(connector); it offers \(offered.joined(separator: ", "))."
            )
        }
        return chosen
    }

    /// What `display.kind = "auto"` uses: DRM when a connector has a screen (the one
    /// `wanted` names, if set), else the framebuffer; and why, as a clause for `status`.
    /// - Parameters:
    ///   - connectors: every card's connectors; empty when there is no DRM card.
    ///   - cardProblem: why the cards could not be read (permission), if so.
    public static func automatic(
        connectors: [ScreenConnector], cardProblem: String?, wanted: String?
    ) -> (useDRM: Bool, reason: String) {
        if let cardProblem { return (false, "DRM cannot be used: \(cardProblem)") }
        do {
            let chosen = try connector(among: connectors, wanted: wanted)
            return (true, "a screen is connected to \(chosen.name) on \(chosen.card)")
        } catch {
            if connectors.isEmpty { return (false, "there is no DRM card") }
            return (false, "no DRM connector has a screen (\(error.message.droppingFinalStop))")
        }
    }
}

extension String {
    /// The sentence without its final full stop, to quote it inside another.
    fileprivate var droppingFinalStop: String { hasSuffix(".") ? String(dropLast()) : self }
}
