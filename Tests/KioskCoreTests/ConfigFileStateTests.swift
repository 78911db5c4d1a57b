import KioskCore
import Testing

/// Config acceptance is the reducer's: one rule for the start and every reload
/// (`ConfigFileState.refuses`), a valid file kept as the last good copy through an effect,
/// and a missing or empty file refused once a good config has been seen and a copy (or a
/// copy that could not be written) protects the running one. Nothing here reads a log.
@Suite struct ConfigFileStateTests {
    static let rome = City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))
    static let missing = ConfigSource.missingOrEmpty(
        file: "/etc/weather-kiosk/config.toml", problem: "config.toml is missing",
        copyKept: true)

    static func running(goodSeen: Bool) -> (KioskState, TestClock, KioskConfiguration) {
        let clock = TestClock()
        var configuration = KioskConfiguration()
        configuration.cities = [rome]
        var state = KioskState(
            settings: KioskSettings(configuration), now: clock.now, seed: 1,
            configFile: ConfigFileState(configuration: configuration, goodSeen: goodSeen))
        _ = state.handle(.started(restored: nil, forecasts: []), at: clock.now)
        return (state, clock, configuration)
    }

    @Test func aValidFileIsTakenAndKeptAsTheLastGoodCopy() {
        var (state, clock, configuration) = Self.running(goodSeen: false)
        configuration.display.cycleSeconds = 30
        let effects = state.handle(
            .configLoaded(configuration, source: .file(text: "[display]\ncycle_seconds = 30\n")),
            at: clock.now)
        #expect(effects.contains(.saveLastGood(text: "[display]\ncycle_seconds = 30\n")))
        #expect(effects.contains(.render))
        #expect(state.configFile.lastOutcome == .applied)
        #expect(state.configFile.goodSeen)
        #expect(state.configFile.configuration == configuration)
        #expect(state.settings.cycleSeconds == 30)
    }

    @Test func theSameConfigAgainChangesNothingButIsKept() {
        var (state, clock, configuration) = Self.running(goodSeen: true)
        let effects = state.handle(
            .configLoaded(configuration, source: .file(text: "x")), at: clock.now)
        #expect(effects == [.saveLastGood(text: "x")])
        #expect(state.configFile.lastOutcome == .unchanged)
    }

    @Test func aMissingFileIsTheDefaultsUntilAGoodConfigHasBeenSeen() {
        var (state, clock, _) = Self.running(goodSeen: false)
        let defaults = KioskConfiguration()
        let effects = state.handle(.configLoaded(defaults, source: Self.missing), at: clock.now)
        #expect(state.configFile.lastOutcome == .applied)
        #expect(state.configProblems.isEmpty)
        #expect(!effects.contains { if case .saveLastGood = $0 { true } else { false } })
        #expect(state.settings.cities.isEmpty)
    }

    @Test func aMissingFileIsRefusedOnceAGoodConfigWasSeenAndACopyIsKept() {
        var (state, clock, configuration) = Self.running(goodSeen: true)
        let effects = state.handle(
            .configLoaded(KioskConfiguration(), source: Self.missing), at: clock.now)
        #expect(state.configFile.lastOutcome == .refused)
        #expect(state.configProblems == ["config.toml is missing"])
        #expect(effects == [.render])
        #expect(state.configFile.configuration == configuration, "the running config stays")
        #expect(state.settings.cities == [Self.rome])
        let again = state.handle(
            .configLoaded(KioskConfiguration(), source: Self.missing), at: clock.now)
        #expect(again.isEmpty, "the same refusal again draws nothing new")
    }

    @Test func removingTheCopyTooGoesBackToTheDefaults() {
        var (state, clock, _) = Self.running(goodSeen: true)
        let source = ConfigSource.missingOrEmpty(
            file: "/etc/weather-kiosk/config.toml", problem: "config.toml is missing",
            copyKept: false)
        _ = state.handle(.configLoaded(KioskConfiguration(), source: source), at: clock.now)
        #expect(state.configFile.lastOutcome == .applied)
        #expect(state.settings.cities.isEmpty)
    }

    /// A copy that could not be written still protects the running config: the reducer
    /// learns it from `lastGoodSaved`, not from what was logged.
    @Test func aCopyThatCouldNotBeWrittenStillProtects() {
        var (state, clock, _) = Self.running(goodSeen: true)
        _ = state.handle(.lastGoodSaved(succeeded: false), at: clock.now)
        let source = ConfigSource.missingOrEmpty(
            file: "/etc/weather-kiosk/config.toml", problem: "config.toml is empty",
            copyKept: false)
        #expect(state.configFile.refuses(source))
        _ = state.handle(.configLoaded(KioskConfiguration(), source: source), at: clock.now)
        #expect(state.configFile.lastOutcome == .refused)
        _ = state.handle(.lastGoodSaved(succeeded: true), at: clock.now)
        #expect(!state.configFile.refuses(source))
    }

    @Test func aGoodFileEndsARefusal() {
        var (state, clock, configuration) = Self.running(goodSeen: true)
        _ = state.handle(.configRefused(problems: ["line 3: oops"], file: "c.toml"), at: clock.now)
        #expect(state.configFile.lastOutcome == .refused)
        #expect(!state.notices(at: clock.now).isEmpty)
        let effects = state.handle(
            .configLoaded(configuration, source: .file(text: "y")), at: clock.now)
        #expect(state.configFile.lastOutcome == .applied, "the same config, but the refusal ends")
        #expect(state.configProblems.isEmpty)
        #expect(effects.contains(.render))
    }
}
