import KioskCore
import LinuxPlatform

// The keys of the [buttons] table.

extension ConfigSchema {
    static let buttonKeys: [ConfigKey] = [
        choice(
            "buttons.backend", \.buttons.backend,
            summary:
                "where presses come from: GPIO lines, an input device, the terminal, or nothing"),
        text(
            "buttons.next", \.buttons.next,
            summary: "GPIO line name (\"GPIO17\") or BCM offset (\"17\"); \"\" = not wired",
            check: gpioLine),
        text(
            "buttons.previous", \.buttons.previous,
            summary: "GPIO line name or BCM offset; \"\" = not wired", check: gpioLine),
        text(
            "buttons.select", \.buttons.select,
            summary: "GPIO line name or BCM offset; \"\" = not wired", check: gpioLine),
        integer(
            "buttons.long_press_ms", \.buttons.longPressMilliseconds, 100...10000,
            unit: "milliseconds", summary: "how long a press must last to count as long"),
        integer(
            "buttons.debounce_ms", \.buttons.debounceMilliseconds, 0...200, unit: "milliseconds",
            summary: "how long a level must hold before it counts as a press or release"),
        boolean(
            "buttons.auto_repeat", \.buttons.autoRepeat,
            summary: "true: holding next or previous keeps stepping"),
        integer(
            "buttons.repeat_delay_ms", \.buttons.repeatDelayMilliseconds, 100...5000,
            unit: "milliseconds", summary: "hold before the first repeat"),
        integer(
            "buttons.repeat_interval_ms", \.buttons.repeatIntervalMilliseconds, 30...2000,
            unit: "milliseconds", summary: "time between repeats"),
        choice(
            "buttons.pull", \.buttons.pull,
            summary:
                "the GPIO lines' pull resistor: up for a button to ground, down for one to 3.3 V"),
        text(
            "buttons.chip", \.buttons.chip,
            summary: "GPIO chip label such as \"pinctrl-bcm2711\"; default from the board"),
        text(
            "buttons.device", \.buttons.device,
            summary: "evdev input device name or /dev/input/eventN; \"\" = the first with the keys"
        ),
        keyCode("buttons.next_key", .next, summary: "evdev key of next, such as \"KEY_RIGHT\""),
        keyCode(
            "buttons.previous_key", .previous, summary: "evdev key of previous (\"KEY_LEFT\")"),
        keyCode("buttons.select_key", .select, summary: "evdev key of select (\"KEY_ENTER\")"),
        ConfigKey(
            path: "buttons.actions", kind: .table(ButtonActionMap.slotNames),
            summary:
                "what each press does, by slot (select_long is a long press of select): "
                + ButtonAction.configurable.map(\.rawValue).joined(separator: " | "),
            apply: applyActions,
            read: { configuration in
                let map = configuration.buttons.actionMap
                return .table(
                    ButtonActionMap.slotNames.map { ($0, .string(map[slot: $0].rawValue)) })
            }),
    ]

    static func boolean(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, Bool> & Sendable,
        summary: String
    ) -> ConfigKey {
        ConfigKey(
            path: path, kind: .boolean, summary: summary,
            apply: { value, configuration in
                guard case .boolean(let flag) = value else {
                    return
                        "must be true or false, not \(value.typeDescription) (\(value.tomlLiteral))"
                }
                configuration[keyPath: keyPath] = flag
                return nil
            },
            read: { .boolean($0[keyPath: keyPath]) })
    }

    private static func keyCode(_ path: String, _ button: ButtonName, summary: String)
        -> ConfigKey
    {
        ConfigKey(
            path: path, kind: .string, summary: summary + "; a code number also works, \"\" = none",
            apply: { value, configuration in
                let expected =
                    "must be a key name such as \"KEY_ENTER\" or a code from 1 to \(InputKeyCode.maximum)"
                switch value {
                case .integer(let code) where (1...InputKeyCode.maximum).contains(code):
                    configuration.buttons.keys[button] = code
                case .string(let text) where text.isEmpty:
                    configuration.buttons.keys[button] = 0
                case .string(let text):
                    guard let code = InputKeyCode.code(text) else {
                        var message = "\(expected), not \"\(text)\""
                        if let near = closest(
                            to: text.uppercased(), in: InputKeyCode.table.map(\.name))
                        {
                            message += " (did you mean \"\(near)\"?)"
                        }
                        return message
                    }
                    configuration.buttons.keys[button] = code
                default:
                    return "\(expected), not \(value.tomlLiteral)"
                }
                return nil
            },
            read: { configuration in
                let code = configuration.buttons.keys[button] ?? 0
                return .string(code == 0 ? "" : InputKeyCode.name(code))
            })
    }

    private static let applyActions: @Sendable (ConfigValue, inout KioskConfiguration) -> String? =
        { value, configuration in
            guard case .table(let members) = value else {
                return
                    "must be a table such as { select_long = \"refresh\" }, not \(value.typeDescription)"
            }
            var overrides: [String: ButtonAction] = [:]
            for (slot, member) in members {
                guard ButtonActionMap.slotNames.contains(slot) else {
                    var message = "has an unknown key \(slot)"
                    if let near = closest(to: slot, in: ButtonActionMap.slotNames) {
                        message += " (did you mean \(near)?)"
                    }
                    return message + "; it takes "
                        + ButtonActionMap.slotNames.joined(separator: ", ")
                }
                guard case .string(let name) = member,
                    let action = ButtonAction(rawValue: name), action != .wake
                else {
                    var message =
                        "\(slot) must be one of "
                        + ButtonAction.configurable.map { "\"\($0.rawValue)\"" }.joined(
                            separator: ", ") + ", not \(member.tomlLiteral)"
                    if case .string(let name) = member,
                        let near = closest(to: name, in: ButtonAction.configurable.map(\.rawValue))
                    {
                        message += " (did you mean \"\(near)\"?)"
                    }
                    return message
                }
                overrides[slot] = action
            }
            configuration.buttons.actionOverrides = overrides
            return nil
        }
}

/// A GPIO line: empty (not wired), a BCM offset, or a line name without spaces.
let gpioLine: @Sendable (String) -> String? = { line in
    if line.isEmpty { return nil }
    if let offset = Int(line) {
        return (0...511).contains(offset)
            ? nil
            : "must be a BCM offset from 0 to 511 or a line name such as \"GPIO17\", not \(offset)"
    }
    let allowed = line.unicodeScalars.allSatisfy {
        $0.value > 0x20 && $0.value < 0x7F && $0 != "\""
    }
    return allowed
        ? nil
        : "must be a line name such as \"GPIO17\" or a BCM offset such as \"17\", not \"\(line)\""
}
