import KioskCore
import Testing

@Suite struct ButtonActionTests {
    private func gesture(_ button: ButtonName, _ kind: GestureKind) -> ButtonGesture {
        ButtonGesture(button, kind, at: .milliseconds(0))
    }

    @Test(arguments: [
        (ButtonName.next, GestureKind.short, ButtonAction.nextCity),
        (.previous, .short, .previousCity),
        (.select, .short, .nextPage),
        (.select, .long, .refresh),
        (.next, .long, ButtonAction.none),
        (.next, .repeat, .nextCity),
        (.select, .press, ButtonAction.none),
    ])
    func threeButtonDefaults(button: ButtonName, kind: GestureKind, action: ButtonAction) {
        #expect(ButtonActionMap.threeButtons.action(for: kind, of: button) == action)
    }

    @Test func oneWiredButtonGetsTheSingleButtonMap() {
        var settings = ButtonSettings()
        settings.previous = ""
        settings.select = ""
        #expect(settings.wiredButtons == [.next])
        let map = settings.actionMap
        #expect(map.action(for: .short, of: .next) == .nextCity)
        #expect(map.action(for: .long, of: .next) == .nextPage)
        // A long action of its own means the single button never repeats.
        settings.autoRepeat = true
        #expect(settings.gestureSettings.repeatingButtons.isEmpty)
    }

    @Test func configuredActionsGoOverTheDefaults() {
        var settings = ButtonSettings()
        settings.actionOverrides = ["select_long": .none, "previous": .previousPage]
        let map = settings.actionMap
        #expect(map.action(for: .long, of: .select) == .none)
        #expect(map.action(for: .short, of: .previous) == .previousPage)
        #expect(map.action(for: .short, of: .next) == .nextCity)
    }

    @Test func autoRepeatIsOffByDefaultAndThenCoversTheSteppingButtons() {
        var settings = ButtonSettings()
        #expect(settings.gestureSettings.repeatingButtons.isEmpty)
        settings.autoRepeat = true
        #expect(settings.gestureSettings.repeatingButtons == [.next, .previous])
        #expect(settings.gestureSettings.debounce == .milliseconds(30))
        settings.backend = .keyboard
        #expect(settings.gestureSettings.debounce == .zero)
    }

    @Test func slotNamesRoundTrip() {
        #expect(
            ButtonActionMap.slotNames == [
                "next", "next_long", "previous", "previous_long", "select", "select_long",
            ])
        var map = ButtonActionMap()
        for (index, slot) in ButtonActionMap.slotNames.enumerated() {
            map[slot: slot] = ButtonAction.configurable[index % ButtonAction.configurable.count]
        }
        for (index, slot) in ButtonActionMap.slotNames.enumerated() {
            #expect(
                map[slot: slot]
                    == ButtonAction.configurable[index % ButtonAction.configurable.count])
        }
        #expect(ButtonActionMap.slot(named: "middle") == nil)
    }

    @Test func instantArithmetic() {
        let start = MonotonicInstant.milliseconds(1000)
        #expect(start.advanced(by: .milliseconds(250)) == .milliseconds(1250))
        #expect(start.advanced(by: .milliseconds(-1500)) == .milliseconds(-500))
        #expect(start.advanced(by: .seconds(Int64.max)).nanoseconds == Int64.max)
        #expect(MonotonicInstant.milliseconds(1250).duration(since: start) == .milliseconds(250))
        #expect(MonotonicInstant(nanoseconds: 1_500_000_000).description == "1.500000000 s")
    }
}
