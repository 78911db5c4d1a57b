/// Where button events come from.
public enum ButtonBackend: String, Sendable, Hashable, Codable, CaseIterable {
    /// GPIO lines through libgpiod.
    case gpiod
    /// A Linux input device (gpio-keys overlay, USB keypad, IR remote).
    case evdev
    /// The terminal's keyboard (the simulator).
    case keyboard
    /// No buttons.
    case none
}

/// The pull resistor on the buttons' GPIO lines.
public enum GPIOPull: String, Sendable, Hashable, Codable, CaseIterable {
    /// Pull-up: a button connects the line to ground, so pressed reads low.
    case up
    /// Pull-down: a button connects the line to 3.3 V, so pressed reads high.
    case down
    /// No internal pull: an external pull-up is fitted (pressed reads low).
    case none

    /// Whether a pressed button reads as a high level.
    public var pressedIsHigh: Bool { self == .down }
}

/// The `[buttons]` table.
public struct ButtonSettings: Sendable, Hashable {
    /// Where events come from.
    public var backend = ButtonBackend.gpiod
    /// Line of the "next" button: a line name such as "GPIO17" or a BCM offset ("17");
    /// empty when the button is not wired.
    public var next = "GPIO17"
    /// Line of the "previous" button; empty when not wired.
    public var previous = "GPIO27"
    /// Line of the "select" button; empty when not wired.
    public var select = "GPIO22"
    /// Milliseconds a press must last to count as long.
    public var longPressMilliseconds = 800
    /// Milliseconds a level must hold to count (software debounce; the kernel's too on
    /// libgpiod 2.x).
    public var debounceMilliseconds = 30
    /// Whether holding next or previous steps repeatedly.
    public var autoRepeat = false
    /// Milliseconds of holding before the first repeat.
    public var repeatDelayMilliseconds = 500
    /// Milliseconds between repeats.
    public var repeatIntervalMilliseconds = 200
    /// The pull resistor of the GPIO lines.
    public var pull = GPIOPull.up
    /// Label of the GPIO chip ("pinctrl-bcm2711"): where BCM offsets are counted and line
    /// names are looked up first. Empty: line names are looked up on every chip.
    public var chip = ""
    /// The evdev input device: its name (as in /proc/bus/input/devices) or a
    /// /dev/input/eventN path. Empty: the first device that has the buttons' keys.
    public var device = ""
    /// Key codes of the buttons on an input device; 0 when the button has no key.
    public var keys: [ButtonName: Int] = [.next: 106, .previous: 105, .select: 28]
    /// Actions set in the config's `actions` table, over the default map.
    public var actionOverrides: [String: ButtonAction] = [:]

    /// The defaults.
    public init() {}

    /// The GPIO line spec of `button`: a name, an offset, or empty.
    public func line(of button: ButtonName) -> String {
        switch button {
        case .next: next
        case .previous: previous
        case .select: select
        }
    }

    /// The buttons that exist for the backend: lines that are set (gpiod), keys that are
    /// set (evdev), all three on the keyboard, none without buttons.
    public var wiredButtons: [ButtonName] {
        switch backend {
        case .gpiod: ButtonName.allCases.filter { !line(of: $0).trimmingWhitespace.isEmpty }
        case .evdev: ButtonName.allCases.filter { (keys[$0] ?? 0) != 0 }
        case .keyboard: ButtonName.allCases
        case .none: []
        }
    }

    /// The effective action map: the defaults for the wired buttons (the single-button map
    /// when only one is wired) with the config's `actions` over them.
    public var actionMap: ButtonActionMap {
        var map = ButtonActionMap.defaults(wired: wiredButtons)
        for (slot, action) in actionOverrides { map[slot: slot] = action }
        return map
    }

    /// The gesture machine's timings. The terminal does not bounce: no debounce there.
    public var gestureSettings: GestureSettings {
        let map = actionMap
        return GestureSettings(
            debounce: .milliseconds(backend == .keyboard ? 0 : debounceMilliseconds),
            longPress: .milliseconds(longPressMilliseconds),
            repeatDelay: .milliseconds(repeatDelayMilliseconds),
            repeatInterval: .milliseconds(repeatIntervalMilliseconds),
            repeatingButtons: autoRepeat ? Set(ButtonName.allCases.filter(map.canRepeat)) : [])
    }
}
