import KioskCore

/// A frame that did not reach an e-paper panel: one sentence naming the panel, the pin or
/// device, and what to check. The panel is set up again with the next frame.
public struct EPaperError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence.
    public var message: String

    /// Creates an error with its sentence.
    public init(_ message: String) { self.message = message }

    /// BUSY (`pin`) did not clear within `timeout` after `step`.
    public static func busyTimeout(
        panel: String, pin: String, step: String, timeout: Duration
    ) -> EPaperError {
        EPaperError(
            "The \(panel)'s BUSY line (\(pin)) did not clear within \(timeout.wholeSeconds) s "
                + "after \(step); check that the board sits on all 40 pins, that BUSY is "
                + "wired to \(pin) and that SPI is on (dtparam=spi=on, dtoverlay=spi0-0cs).")
    }

    /// A transfer or GPIO failure `cause` while talking to `panel`.
    public static func transfer(panel: String, cause: any Error) -> EPaperError {
        var text = "\(cause)"
        while text.last == "." || text.last == " " { text.removeLast() }
        return EPaperError("\(text); the \(panel) is set up again with the next frame.")
    }

    /// The sentence.
    public var description: String { message }
}

extension Duration {
    /// Whole seconds, rounded up: "45" for 45 s.
    var wholeSeconds: Int64 {
        let (seconds, attoseconds) = components
        return attoseconds > 0 ? seconds + 1 : seconds
    }
}
