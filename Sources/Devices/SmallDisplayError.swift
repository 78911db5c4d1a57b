/// A frame or power change that did not reach an LCD or OLED: the bus's sentence, and what
/// the display does about it.
public struct SmallDisplayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The display, as a person calls it: "HD44780 LCD", "SSD1306 OLED".
    public var display: String
    /// Where it is: "0x27 on /dev/i2c-1".
    public var location: String
    /// The sentence the bus gave.
    public var cause: String

    /// Creates an error.
    public init(display: String, location: String, cause: String) {
        self.display = display
        self.location = location
        self.cause = cause
    }

    /// One sentence: the bus's cause, then that the display is set up again with the next
    /// frame.
    public var description: String {
        var text = cause
        while text.last == "." || text.last == " " { text.removeLast() }
        return "\(text); the \(display) at \(location) is set up again with the next frame."
    }
}
