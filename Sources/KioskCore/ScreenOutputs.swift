// `display.mode` as the config gives it; the connector and mode it picks are chosen in
// LinuxPlatform (`ScreenChoice`).

/// `display.mode`: a size, and optionally a refresh rate ("1280x720" or "1280x720@60").
public struct ScreenModeRequest: Sendable, Hashable, CustomStringConvertible {
    /// The visible size asked for.
    public var size: PixelSize
    /// The refresh rate asked for, in hertz; nil for the fastest at that size.
    public var refreshRate: Int?

    /// Creates a request.
    public init(size: PixelSize, refreshRate: Int? = nil) {
        self.size = size
        self.refreshRate = refreshRate
    }

    /// Parses "1280x720" or "1280x720@60"; nil for anything else.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2, let size = PixelSize(parsing: parts[0]) else { return nil }
        var rate: Int?
        if parts.count == 2 {
            guard let hertz = Int(parts[1]), (1...1000).contains(hertz) else { return nil }
            rate = hertz
        }
        self.init(size: size, refreshRate: rate)
    }

    /// "1280x720" or "1280x720@60".
    public var description: String {
        refreshRate.map { "\(size)@\($0)" } ?? size.description
    }
}
