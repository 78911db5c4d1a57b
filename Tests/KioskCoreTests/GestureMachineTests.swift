import KioskCore
import Testing

/// Helpers: times in milliseconds, gestures as compact "button kind@ms" strings.
private func ms(_ milliseconds: Int64) -> MonotonicInstant { .milliseconds(milliseconds) }

private func describe(_ gestures: [ButtonGesture]) -> [String] {
    gestures.map { "\($0.button.rawValue) \($0.kind.rawValue)@\($0.time.nanoseconds / 1_000_000)" }
}

/// Feeds edges (button, pressed, ms) and then lets time run to `end`, waking exactly when
/// the machine asks: the way the button service drives it.
private func run(
    _ machine: inout GestureMachine, _ edges: [(ButtonName, Bool, Int64)], until end: Int64
) -> [String] {
    var gestures: [ButtonGesture] = []
    for (button, pressed, time) in edges {
        while let wake = machine.nextWake, wake < ms(time) {
            gestures += machine.advance(to: wake)
        }
        gestures += machine.handle(ButtonEdge(button: button, isPressed: pressed, time: ms(time)))
    }
    while let wake = machine.nextWake, wake <= ms(end) {
        gestures += machine.advance(to: wake)
    }
    return describe(gestures)
}

@Suite struct GestureMachineTests {
    let standard = GestureSettings()  // 30 ms debounce, 800 ms long press

    @Test func cleanShortPress() {
        var machine = GestureMachine(settings: standard)
        #expect(machine.nextWake == nil)
        #expect(machine.handle(ButtonEdge(button: .next, isPressed: true, time: ms(0))).isEmpty)
        #expect(machine.nextWake == ms(30))
        #expect(describe(machine.advance(to: ms(30))) == ["next press@30"])
        #expect(machine.isPressed(.next))
        #expect(machine.nextWake == ms(800))
        #expect(machine.handle(ButtonEdge(button: .next, isPressed: false, time: ms(200))).isEmpty)
        #expect(machine.nextWake == ms(230))
        #expect(describe(machine.advance(to: ms(230))) == ["next short@230", "next release@230"])
        #expect(machine.nextWake == nil)
        #expect(!machine.isPressed(.next))
    }

    @Test(
        arguments: [
            // A glitch or a bounce train that ends where it started: nothing at all.
            [(true, 0)],
            [(true, 0), (false, 5), (true, 9), (false, 14)],
            [(true, 0), (false, 29)],
            [
                (true, 0), (false, 2), (true, 4), (false, 6), (true, 8), (false, 10), (true, 12),
                (false, 28),
            ],
        ] as [[(Bool, Int64)]])
    func bounceTrainsShorterThanTheDebounceGiveNothing(train: [(Bool, Int64)]) {
        var machine = GestureMachine(settings: standard)
        var edges = train.map { (ButtonName.select, $0.0, $0.1) }
        if edges.count == 1 { edges.append((.select, false, 20)) }
        #expect(run(&machine, edges, until: 5000) == [])
    }

    @Test(
        arguments: [
            // (press train, release train): bounces on both ends still give one press.
            ([0, 3, 6], [300, 302, 305]),
            ([0, 1, 2, 3, 4, 5, 6, 7, 8], [400, 410, 420]),
            ([0], [300]),
        ] as [([Int64], [Int64])])
    func bouncyPressIsOneShortPress(press: [Int64], release: [Int64]) {
        var machine = GestureMachine(settings: standard)
        // Trains alternate down/up and end on the new level (odd length).
        let edges =
            press.enumerated().map { (ButtonName.next, $0.offset % 2 == 0, $0.element) }
            + release.enumerated().map { (ButtonName.next, $0.offset % 2 == 1, $0.element) }
        let lastPress = press.last!
        let lastRelease = release.last!
        #expect(
            run(&machine, edges, until: 5000) == [
                "next press@\(lastPress + 30)", "next short@\(lastRelease + 30)",
                "next release@\(lastRelease + 30)",
            ])
    }

    @Test func longHoldFiresOnceWhileHeldAndNoShortAfter() {
        var machine = GestureMachine(settings: standard)
        _ = machine.handle(ButtonEdge(button: .select, isPressed: true, time: ms(0)))
        #expect(describe(machine.advance(to: ms(799))) == ["select press@30"])
        #expect(describe(machine.advance(to: ms(800))) == ["select long@800"])
        #expect(machine.nextWake == nil)  // still held, nothing more to wait for
        #expect(machine.advance(to: ms(60_000)).isEmpty)
        _ = machine.handle(ButtonEdge(button: .select, isPressed: false, time: ms(60_000)))
        #expect(describe(machine.advance(to: ms(60_030))) == ["select release@60030"])
    }

    @Test(
        arguments: [
            // Release edge (ms) and what follows the press; long press 800 ms, debounce 30 ms.
            (769, ["select short@799", "select release@799"]),
            (790, ["select short@820", "select release@820"]),  // settles after 800: still short
            (799, ["select short@829", "select release@829"]),
            (801, ["select long@800", "select release@831"]),
            (830, ["select long@800", "select release@860"]),
        ] as [(Int64, [String])])
    func releaseAroundTheThreshold(release: Int64, expected: [String]) {
        var machine = GestureMachine(settings: standard)
        let gestures = run(&machine, [(.select, true, 0), (.select, false, release)], until: 5000)
        #expect(gestures == ["select press@30"] + expected)
    }

    @Test func bounceThatLooksLikeAReleaseAtTheThresholdStillGivesLong() {
        var machine = GestureMachine(settings: standard)
        let gestures = run(
            &machine, [(.select, true, 0), (.select, false, 790), (.select, true, 805)],
            until: 5000)
        #expect(gestures == ["select press@30", "select long@800"])
        #expect(machine.isPressed(.select))
    }

    @Test func autoRepeatTiming() {
        let settings = GestureSettings(repeatingButtons: [.next])  // 500 ms, then every 200
        var machine = GestureMachine(settings: settings)
        _ = machine.handle(ButtonEdge(button: .next, isPressed: true, time: ms(0)))
        var wakes: [Int64] = []
        var gestures: [ButtonGesture] = []
        while let wake = machine.nextWake, wake <= ms(1150) {
            wakes.append(wake.nanoseconds / 1_000_000)
            gestures += machine.advance(to: wake)
        }
        #expect(wakes == [30, 500, 700, 900, 1100])
        #expect(
            describe(gestures) == [
                "next press@30", "next repeat@500", "next repeat@700", "next repeat@900",
                "next repeat@1100",
            ])
        _ = machine.handle(ButtonEdge(button: .next, isPressed: false, time: ms(1150)))
        #expect(describe(machine.advance(to: ms(1180))) == ["next release@1180"])
        // A tap on a repeating button is still a short press.
        #expect(
            run(&machine, [(.next, true, 2000), (.next, false, 2100)], until: 9000) == [
                "next press@2030", "next short@2130", "next release@2130",
            ])
    }

    @Test func lateWakeKeepsTheRepeatCadence() {
        var machine = GestureMachine(settings: GestureSettings(repeatingButtons: [.previous]))
        _ = machine.handle(ButtonEdge(button: .previous, isPressed: true, time: ms(0)))
        _ = machine.advance(to: ms(30))
        #expect(describe(machine.advance(to: ms(507))) == ["previous repeat@500"])
        #expect(machine.nextWake == ms(700))
    }

    @Test func twoButtonsInterleavedAreIndependent() {
        var machine = GestureMachine(settings: standard)
        let gestures = run(
            &machine,
            [
                (.next, true, 0), (.select, true, 100), (.next, false, 300),
                (.previous, true, 400), (.previous, false, 410), (.previous, true, 420),
                (.previous, false, 600), (.select, false, 1000),
            ], until: 5000)
        #expect(
            gestures == [
                "next press@30", "select press@130", "next short@330", "next release@330",
                "previous press@450", "previous short@630", "previous release@630",
                "select long@900", "select release@1030",
            ])
    }

    @Test func clockSteppingBackIsHeldAtTheLatestInstant() {
        var machine = GestureMachine(settings: standard)
        _ = machine.handle(ButtonEdge(button: .next, isPressed: true, time: ms(10_000)))
        _ = machine.advance(to: ms(10_030))
        // The release carries an older timestamp (another clock, a step back): it counts
        // as happening now, and nothing is reported before what was reported already.
        #expect(
            machine.handle(ButtonEdge(button: .next, isPressed: false, time: ms(3_000))).isEmpty)
        #expect(machine.nextWake == ms(10_060))
        #expect(machine.advance(to: ms(2_000)).isEmpty)
        #expect(
            describe(machine.advance(to: ms(10_060))) == ["next short@10060", "next release@10060"])
    }

    @Test func clockJumpingForwardGivesOneLongAndOneRepeatNotABurst() {
        var machine = GestureMachine(
            settings: GestureSettings(repeatingButtons: [.next]))
        _ = machine.handle(ButtonEdge(button: .next, isPressed: true, time: ms(0)))
        _ = machine.handle(ButtonEdge(button: .select, isPressed: true, time: ms(0)))
        _ = machine.advance(to: ms(30))
        let gestures = describe(machine.advance(to: ms(3_600_000)))
        #expect(gestures == ["next repeat@500", "select long@800"])
        #expect(machine.nextWake == ms(3_600_100))
    }

    @Test func withoutDebounceATapIsAShortPressAtOnce() {
        var machine = GestureMachine(settings: GestureSettings(debounce: .zero))
        let press = machine.handle(ButtonEdge(button: .select, isPressed: true, time: ms(5)))
        let release = machine.handle(ButtonEdge(button: .select, isPressed: false, time: ms(5)))
        #expect(
            describe(press + release) == ["select press@5", "select short@5", "select release@5"])
    }

    @Test func repeatedEdgesOfTheSameLevelChangeNothing() {
        // evdev autorepeat or a lost opposite edge: the level is the same, nothing happens.
        var machine = GestureMachine(settings: standard)
        let gestures = run(
            &machine,
            [(.next, true, 0), (.next, true, 250), (.next, true, 283), (.next, false, 300)],
            until: 1000)
        #expect(gestures == ["next press@30", "next short@330", "next release@330"])
    }

    @Test(arguments: 0..<40)
    func randomEdgeTrainsKeepTheInvariants(seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let settings = GestureSettings(
            debounce: .milliseconds(Int64(random.next() % 50)),
            longPress: .milliseconds(100 + Int64(random.next() % 900)),
            repeatingButtons: random.next() % 2 == 0 ? [.next] : [])
        var machine = GestureMachine(settings: settings)
        var edges: [(ButtonName, Bool, Int64)] = []
        var time: Int64 = 0
        for _ in 0..<300 {
            time += Int64(random.next() % 400)
            let button = ButtonName.allCases[Int(random.next() % 3)]
            edges.append((button, random.next() % 2 == 0, time))
        }
        var gestures: [ButtonGesture] = []
        for (button, pressed, at) in edges {
            while let wake = machine.nextWake, wake < ms(at) {
                gestures += machine.advance(to: wake)
            }
            gestures += machine.handle(ButtonEdge(button: button, isPressed: pressed, time: ms(at)))
        }
        for button in ButtonName.allCases {
            gestures += machine.handle(
                ButtonEdge(button: button, isPressed: false, time: ms(time + 1)))
        }
        while let wake = machine.nextWake { gestures += machine.advance(to: wake) }
        #expect(zip(gestures, gestures.dropFirst()).allSatisfy { $0.time <= $1.time })
        for button in ButtonName.allCases {
            let kinds = gestures.filter { $0.button == button }.map(\.kind)
            var down = false
            var outcome = false
            for kind in kinds {
                switch kind {
                case .press:
                    #expect(!down)
                    down = true
                    outcome = false
                case .release:
                    #expect(down)
                    #expect(outcome)  // every press ends as short, long or repeats
                    down = false
                case .short:
                    #expect(down && !outcome)
                    outcome = true
                case .long:
                    #expect(down && !outcome && !settings.repeatingButtons.contains(button))
                    outcome = true
                case .repeat:
                    #expect(down && settings.repeatingButtons.contains(button))
                    outcome = true
                }
            }
            #expect(
                !down, "\(button): \(describe(gestures.filter { $0.button == button }).suffix(6))")
        }
    }

    /// Found by the fuzz target fuzz-evdev: a held repeating button whose press and the
    /// next event lie further apart than Int64 nanoseconds can count trapped on overflow.
    @Test func repeatsAcrossAnExtremeGapInEventTimesDoNotTrap() {
        var machine = GestureMachine(settings: GestureSettings(repeatingButtons: [.next]))
        let early = MonotonicInstant(nanoseconds: .min / 2)
        _ = machine.handle(ButtonEdge(button: .next, isPressed: true, time: early))
        _ = machine.advance(to: early.advanced(by: .milliseconds(30)))
        let late = MonotonicInstant(nanoseconds: .max - 1_000)
        let gestures = machine.advance(to: late)
        #expect(gestures.map(\.kind) == [.repeat])
        #expect(machine.nextWake.map { $0 > late } ?? false)
        #expect(machine.isPressed(.next))
    }
}

/// A small deterministic generator for the random trains.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
