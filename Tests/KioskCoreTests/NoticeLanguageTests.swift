import FoundationEssentials
import KioskCore
import Testing

/// The notices the reducer builds speak the configured language, and a new `language`
/// (what `config set language it` gives) changes the notices already up at the next redraw.
/// The details inside them (a parser's sentence, a failure's summary) stay as written.
@Suite struct NoticeLanguageTests {
    static let rome = City(
        name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))

    static func configuration(_ language: Language?) -> KioskConfiguration {
        var configuration = KioskConfiguration()
        configuration.cities = [rome]
        configuration.display.pages = [.city]
        configuration.sensor.kind = .none
        configuration.warnings.enabled = false
        configuration.language = language
        return configuration
    }

    static func text(_ state: KioskState, _ kind: KioskNotice.Kind, at now: KioskTime) -> String? {
        state.notices(at: now).first { $0.kind == kind }?.text
    }

    @Test func aRestartNoticeAlreadyUpSpeaksTheNewLanguage() {
        let clock = TestClock()
        var state = KioskState(
            settings: KioskSettings(Self.configuration(.en)), now: clock.now, seed: 7)
        _ = state.handle(.started(restored: nil, forecasts: []), at: clock.now)
        let pending = ["state_dir = \"/srv/kiosk\""]
        _ = state.handle(
            .configLoaded(
                Self.configuration(.en), restartPending: pending, source: .file(text: "")),
            at: clock.now)
        #expect(
            Self.text(state, .restartPending, at: clock.now)
                == "Restart the kiosk to use state_dir = \"/srv/kiosk\"; until then it keeps the value it started with"
        )
        let effects = state.handle(
            .configLoaded(
                Self.configuration(.it), restartPending: pending, source: .file(text: "")),
            at: clock.now)
        #expect(effects.contains(.render), "the new language is drawn at once")
        #expect(
            Self.text(state, .restartPending, at: clock.now)
                == "Riavvia il kiosk per usare state_dir = \"/srv/kiosk\"; fino ad allora mantiene il valore con cui è partito"
        )
        _ = state.handle(
            .configLoaded(
                Self.configuration(.de), restartPending: pending + ["mqtt.host = \"h\""],
                source: .file(text: "")), at: clock.now)
        #expect(
            Self.text(state, .restartPending, at: clock.now)
                == "Kiosk neu starten, um state_dir = \"/srv/kiosk\", mqtt.host = \"h\" zu verwenden; bis dahin behält er die Werte, mit denen er gestartet ist",
            "two keys take the plural")
    }

    @Test func aRefusedConfigSaysSoInTheLanguageItKeeps() {
        let clock = TestClock()
        var state = KioskState(
            settings: KioskSettings(Self.configuration(.fr)), now: clock.now, seed: 7)
        _ = state.handle(.started(restored: nil, forecasts: []), at: clock.now)
        _ = state.handle(
            .configRefused(
                problems: ["/k.toml, line 12: display.cycle_seconds must be at least 2."],
                file: "/k.toml"), at: clock.now)
        #expect(
            Self.text(state, .configRefused, at: clock.now)
                == "Configuration ligne 12 : display.cycle_seconds must be at least 2 — la dernière bonne configuration est utilisée"
        )
        #expect(
            NoticeText.configRefused("/k.toml: permission denied.", file: "/k.toml", language: .es)
                == "Configuración: permission denied — se usa la última configuración válida")
        #expect(
            NoticeText.configRefused("other: bad.", file: "/k.toml", language: .de)
                == "Konfiguration abgelehnt: other: bad — die letzte gültige Konfiguration gilt")
    }

    @Test func theFallbackNoticeFollowsTheLanguage() {
        let failure = ForecastFailure(
            kind: .serverError(status: 503), provider: .openMeteo, message: "m",
            summary: "Open-Meteo error 503")
        var place = ProviderSwitch(setting: .metNorway)
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        _ = place.handle(.primaryFailed(failure, hasFreshForecast: false), at: now)
        #expect(place.notice(in: .it) == "Open-Meteo error 503 · chiedo a MET Norway")
        _ = place.handle(.fallbackAnswered, at: now)
        #expect(
            place.notice(in: .de) == "Open-Meteo error 503 · zeigt die Vorhersage von MET Norway")
        #expect(
            place.notice(in: .es) == "Open-Meteo error 503 · se muestra el pronóstico de MET Norway"
        )
        _ = place.handle(.fallbackFailed(failure), at: now)
        #expect(place.notice(in: .fr) == "Open-Meteo error 503 · MET Norway : Open-Meteo error 503")
    }

    @Test func theFallbackNoticeOnScreenFollowsANewLanguage() {
        let clock = TestClock(hour: 10, minute: 7)
        var state = KioskStateFallbackTests.started(clock)
        _ = state.handle(
            KioskStateFallbackTests.failed(
                KioskStateFallbackTests.failure(.serverError(status: 503))), at: clock.now)
        #expect(
            Self.text(state, .providerFallback, at: clock.now)
                == "Open-Meteo error 503 · asking MET Norway")
        var italian = KioskStateFallbackTests.configuration()
        italian.language = .it
        let effects = state.handle(
            .configLoaded(italian, source: .file(text: "")), at: clock.now)
        #expect(effects.contains(.render))
        #expect(
            Self.text(state, .providerFallback, at: clock.now)
                == "Open-Meteo error 503 · chiedo a MET Norway")
    }
}
