public import KioskCore

/// A small display the config does not describe, so none can be built: one sentence naming
/// the key. The verbs map it to exit code 2.
public enum SmallDisplaySetupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `display.kind` names a display that is not on I2C.
    case notOnI2C(DisplayKind)

    /// The sentence.
    public var description: String {
        switch self {
        case .notOnI2C(let kind):
            "display.kind is \"\(kind.rawValue)\", which is not an I2C display (hd44780, ssd1306 or sh1106)."
        }
    }
}
