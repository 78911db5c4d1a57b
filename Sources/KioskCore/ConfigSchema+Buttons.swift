// The keys of the [buttons] table.

extension ConfigSchema {
    static let buttonKeys: [ConfigKey] = [
        choice("buttons.backend", \.buttons.backend, summary: "gpiod | evdev | keyboard | none"),
        text(
            "buttons.next", \.buttons.next, summary: "line name (\"GPIO17\") or BCM offset",
            check: nonEmpty),
        text(
            "buttons.previous", \.buttons.previous, summary: "line name or BCM offset",
            check: nonEmpty),
        text(
            "buttons.select", \.buttons.select, summary: "line name or BCM offset",
            check: nonEmpty),
        integer(
            "buttons.long_press_ms", \.buttons.longPressMilliseconds, 100...10000,
            unit: "milliseconds", summary: "how long a press must last to count as long"),
    ]
}
