/// Where button events come from.
public enum ButtonBackend: String, Sendable, Hashable, Codable, CaseIterable {
    /// GPIO lines through libgpiod.
    case gpiod
    /// A Linux input device (gpio-keys overlay, USB keypad).
    case evdev
    /// The terminal's keyboard (the simulator).
    case keyboard
    /// No buttons.
    case none
}

/// The `[buttons]` table.
public struct ButtonSettings: Sendable, Hashable {
    /// Where events come from.
    public var backend = ButtonBackend.gpiod
    /// Line of the "next" button: a line name such as "GPIO17" or a BCM offset.
    public var next = "GPIO17"
    /// Line of the "previous" button.
    public var previous = "GPIO27"
    /// Line of the "select" button.
    public var select = "GPIO22"
    /// Milliseconds a press must last to count as long.
    public var longPressMilliseconds = 800

    /// The defaults.
    public init() {}
}
