import KioskConfig
import KioskCore
import Testing

/// The `[buttons]` keys through the schema, as a parsed document gives them.
@Suite struct ButtonConfigTests {
    private func resolve(_ members: [(key: String, value: ConfigValue)]) -> (
        ButtonSettings, [String]
    ) {
        let (configuration, problems) = ConfigSchema.resolve(
            [("buttons", .table(members))], onto: KioskConfiguration())
        return (configuration.buttons, problems.map(\.message))
    }

    @Test func defaults() {
        let settings = ButtonSettings()
        #expect(settings.debounceMilliseconds == 30)
        #expect(!settings.autoRepeat)
        #expect(settings.pull == .up)
        #expect(settings.keys == [.next: 106, .previous: 105, .select: 28])
        #expect(settings.actionMap == .threeButtons)
    }

    @Test func everyKeyIsRead() {
        let (settings, problems) = resolve([
            ("backend", .string("evdev")), ("debounce_ms", .integer(10)),
            ("auto_repeat", .boolean(true)), ("repeat_delay_ms", .integer(400)),
            ("repeat_interval_ms", .integer(100)), ("pull", .string("down")),
            ("chip", .string("pinctrl-rp1")), ("device", .string("gpio_keys")),
            ("next_key", .string("KEY_NEXTSONG")), ("previous_key", .integer(165)),
            ("select_key", .string("")),
            ("actions", .table([("next_long", .string("refresh"))])),
        ])
        #expect(problems == [])
        #expect(settings.backend == .evdev)
        #expect(settings.debounceMilliseconds == 10)
        #expect(settings.autoRepeat)
        #expect(settings.repeatDelayMilliseconds == 400)
        #expect(settings.repeatIntervalMilliseconds == 100)
        #expect(settings.pull == .down)
        #expect(settings.chip == "pinctrl-rp1")
        #expect(settings.device == "gpio_keys")
        #expect(settings.keys == [.next: 163, .previous: 165, .select: 0])
        #expect(settings.wiredButtons == [.next, .previous])
        #expect(settings.actionMap.action(for: .long, of: .next) == .refresh)
    }

    @Test(arguments: [
        (
            "auto_repeat", ConfigValue.string("yes"),
            "buttons.auto_repeat must be true or false, not a string (\"yes\")"
        ),
        (
            "next_key", .string("KEY_RIGTH"),
            "buttons.next_key must be a key name such as \"KEY_ENTER\" or a code from 1 to 767, not \"KEY_RIGTH\" (did you mean \"KEY_RIGHT\"?)"
        ),
        (
            "select_key", .integer(9999),
            "buttons.select_key must be a key name such as \"KEY_ENTER\" or a code from 1 to 767, not 9999"
        ),
        (
            "pull", .string("upp"),
            "buttons.pull must be one of \"up\", \"down\", \"none\", not \"upp\" (did you mean \"up\"?)"
        ),
        (
            "next", .string("GPIO 17"),
            "buttons.next must be a line name such as \"GPIO17\" or a BCM offset such as \"17\", not \"GPIO 17\""
        ),
        (
            "previous", .string("900"),
            "buttons.previous must be a BCM offset from 0 to 511 or a line name such as \"GPIO17\", not 900"
        ),
        (
            "debounce_ms", .integer(500),
            "buttons.debounce_ms must be a whole number from 0 to 200 milliseconds, not 500"
        ),
        (
            "actions", .table([("selct_long", .string("refresh"))]),
            "buttons.actions has an unknown key selct_long (did you mean select_long?); it takes next, next_long, previous, previous_long, select, select_long"
        ),
        (
            "actions", .table([("select", .string("wake"))]),
            "buttons.actions select must be one of \"next_city\", \"previous_city\", \"next_page\", \"previous_page\", \"refresh\", \"none\", not \"wake\""
        ),
        (
            "actions", .table([("next", .string("next_cty"))]),
            "buttons.actions next must be one of \"next_city\", \"previous_city\", \"next_page\", \"previous_page\", \"refresh\", \"none\", not \"next_cty\" (did you mean \"next_city\"?)"
        ),
    ])
    func problemsNameTheKey(key: String, value: ConfigValue, message: String) {
        let (_, problems) = resolve([(key, value)])
        #expect(problems == [message])
    }

    @Test func showReadsBackWhatWasSet() throws {
        var configuration = KioskConfiguration()
        configuration.buttons.keys[.select] = 0x160
        configuration.buttons.actionOverrides = ["select_long": .none]
        let keyValue = try #require(ConfigSchema.key("buttons.select_key"))
        #expect(keyValue.value(in: configuration) == .string("KEY_OK"))
        let actions = try #require(ConfigSchema.key("buttons.actions"))
        #expect(actions.value(in: configuration)?["select_long"] == .string("none"))
        #expect(actions.value(in: configuration)?["next"] == .string("next_city"))
        // What show prints reads back to the same settings.
        let (reread, problems) = resolve(
            ConfigSchema.keys.filter { $0.path.hasPrefix("buttons.") }.compactMap { key in
                key.value(in: configuration).map {
                    (String(key.path.dropFirst("buttons.".count)), $0)
                }
            })
        #expect(problems == [])
        #expect(reread.actionMap == configuration.buttons.actionMap)
        #expect(reread.keys == configuration.buttons.keys)
    }
}
