import FoundationEssentials
import KioskCore
import KioskTesting
import Testing

/// Issue 33: the verbs' text speaks the config's `language`, else the system's locale;
/// `--json` stays English, the same in every language.
@Suite struct LanguageVerbTests {
    /// Every condition text of `language`, by day and by night.
    static func conditions(_ language: Language) -> Set<String> {
        Set(
            WeatherCode.documented.flatMap { code in
                [true, false].map { code.condition(isDay: $0, language: language) }
            })
    }

    @Test func forecastSpeaksTheConfigsLanguage() async throws {
        let kiosk = try await Self.start(language: "it", extra: threeCities)
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["forecast", "rome"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let now = try #require(lines.first { $0.hasPrefix("  Ora ") }, "\(lines)")
        // "  Ora    14,3 °C  Poco nuvoloso, percepita 13 °C": a decimal comma, Italian words.
        #expect(now.contains(#/-?[0-9]+,[0-9] °C/#), "\(now)")
        let italian = Self.conditions(.it)
        #expect(italian.contains { now.contains("  \($0)") }, "\(now)")
        #expect(!Self.conditions(.en).contains { now.contains("  \($0),") }, "\(now)")
        #expect(lines.contains { $0.hasPrefix("         umidità ") && $0.contains(" · vento ") })
        #expect(lines.contains { $0.hasPrefix("  Oggi ") }, "\(lines)")
        // The next days by their Italian abbreviations, the Sun and the Moon in Italian.
        let weekdays = (0..<7).map { Language.it.weekdayName($0, .abbreviated) }
        #expect(
            lines.filter { line in weekdays.contains { line.hasPrefix("  \($0) ") } }.count == 3,
            "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  Sole: alba ") && $0.contains(" di luce (") })
        #expect(lines.contains { $0.hasPrefix("  Luna: ") && $0.contains(" % illuminata") })
        #expect(lines.contains { $0.hasPrefix("  aggiornato alle ") })
        #expect(!result.standardOutput.contains("Today"))
    }

    @Test func withoutTheKeyTheSystemsLocaleIsSpoken() async throws {
        let kiosk = try await KioskFixture.start(extra: threeCities)
        defer { Task { await kiosk.stop() } }
        let german = await KioskBinary.run(
            ["forecast", "rome", "--config", kiosk.configPath],
            environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.exitCode == 0, "\(german.standardError)")
        #expect(german.standardOutput.contains("\n  Jetzt  "), "\(german.standardOutput)")
        #expect(german.standardOutput.contains("\n  Heute "))
        #expect(german.standardOutput.contains("\n  Sonne: Aufgang "))
        // The config's language wins over the locale.
        kiosk.directory.write(
            "config.toml", "language = \"es\"\n" + (kiosk.directory.read("config.toml") ?? ""))
        let spanish = await KioskBinary.run(
            ["forecast", "rome", "--config", kiosk.configPath],
            environment: ["LANG": "de_DE.UTF-8"])
        #expect(spanish.exitCode == 0, "\(spanish.standardError)")
        #expect(spanish.standardOutput.contains("\n  Hoy "), "\(spanish.standardOutput)")
        // C, as a Pi under systemd often has: English.
        kiosk.directory.write(
            "config.toml",
            (kiosk.directory.read("config.toml") ?? "").replacing("language = \"es\"\n", with: ""))
        let portable = await KioskBinary.run(
            ["forecast", "rome", "--config", kiosk.configPath], environment: ["LANG": "C"])
        #expect(portable.standardOutput.contains("\n  Today "), "\(portable.standardOutput)")
    }

    @Test func jsonIsTheSameInEveryLanguage() async throws {
        let kiosk = try await KioskFixture.start(extra: threeCities)
        defer { Task { await kiosk.stop() } }
        let first = await kiosk.run(["forecast", "--json"])  // fetches; the rest use the cache
        #expect(first.exitCode == 0, "\(first.standardError)")
        let base = kiosk.directory.read("config.toml") ?? ""
        var outputs: [String: String] = [:]
        for (name, key, locale) in [
            ("en", "", "C.UTF-8"), ("it", "language = \"it\"\n", "C.UTF-8"),
            ("de from LANG", "", "de_DE.UTF-8"), ("fr", "language = \"fr\"\n", "es_ES.UTF-8"),
        ] {
            kiosk.directory.write("config.toml", key + base)
            let result = await KioskBinary.run(
                ["forecast", "--json", "--config", kiosk.configPath],
                environment: ["LANG": locale])
            #expect(result.exitCode == 0, "\(name): \(result.standardError)")
            outputs[name] = Self.timeless(result.standardOutput)
        }
        let english = try #require(outputs["en"])
        #expect(english.contains("\"condition\"") || english.contains("\"weather_code\""))
        for (name, output) in outputs {
            // The first line that differs, so that a failure names the field at once.
            let difference =
                zip(output.split(separator: "\n"), english.split(separator: "\n"))
                .first { $0 != $1 }.map { "\($0.0) against \($0.1)" } ?? "in length"
            #expect(output == english, "\(name)'s JSON differs from English: \(difference)")
        }
    }

    /// The flake `jsonIsTheSameInEveryLanguage` had: two runs a moment apart, on either side
    /// of a step of the Moon or of a new air-quality answer, are the same JSON; a decimal
    /// comma or a translated word is not.
    @Test func runsAMomentApartAreTheSameButALanguagesFormIsNot() {
        func output(_ illumination: String, _ fetched: String, _ isDay: String) -> String {
            """
            {
              "air" : {
                "fetched_at" : "\(fetched)",
                "time" : "2026-11-28T11:00:00Z"
              },
              "is_day" : \(isDay),
              "moon" : {
                "age_days" : 16.42,
                "illumination_percent" : \(illumination),
                "phase" : "waning_gibbous"
              }
            }
            """
        }
        let before = Self.timeless(output("96.1", "2026-11-28T11:59:59Z", "true"))
        #expect(before == Self.timeless(output("96", "2026-11-28T12:00:03Z", "false")))
        #expect(before != Self.timeless(output("\"96,1\"", "2026-11-28T11:59:59Z", "true")))
        #expect(before != Self.timeless(output("96.1", "28/11/2026 11:59", "true")))
    }

    @Test func doctorSpeaksFrench() async throws {
        let kiosk = try await Self.start(language: "fr", extra: threeCities)
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["doctor"])
        #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(
            lines.contains {
                $0.hasPrefix("OK    language")
                    && $0.contains("Français (fr), selon la clé language de la configuration.")
            }, "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("OK    config") && $0.contains("est valide : carte ") })
        #expect(lines.contains { $0.hasPrefix("OK    network") && $0.contains("a répondu en") })
        #expect(
            lines.contains {
                $0.hasPrefix("OK    api budget")
                    && $0.contains(
                        "3 lieux toutes les 15 min et la qualité de l'air de 3 toutes les 60 min coûtent environ 770 des 10\u{202F}000"
                    )
            }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("WARN  station") && $0.contains("Aucune station") })
        // The JSON's sentences stay English.
        let json = await kiosk.run(["doctor", "--json"])
        #expect(json.standardOutput.contains("from the config's language."))
        #expect(!json.standardOutput.contains("Aucune station"))

        // Without the key, doctor says which variable chose the language.
        kiosk.directory.write(
            "config.toml",
            (kiosk.directory.read("config.toml") ?? "").replacing("language = \"fr\"\n", with: ""))
        let fromLocale = await KioskBinary.run(
            ["doctor", "--config", kiosk.configPath], environment: ["LANG": "it_IT.UTF-8"])
        #expect(
            fromLocale.standardOutput.contains("Italiano (it), da LANG=it_IT.UTF-8;"),
            "\(fromLocale.standardOutput)")
    }

    @Test func cityVerbsSpeakTheLanguage() async throws {
        let kiosk = try await Self.start(language: "de")
        defer { Task { await kiosk.stop() } }
        let empty = await kiosk.run(["city", "list"])
        #expect(empty.standardOutput.hasPrefix("Noch keine Favoriten."), "\(empty.standardOutput)")
        let added = await kiosk.run([
            "city", "add", "--name", "Rom", "--lat", "41.9", "--lon", "12.5",
        ])
        #expect(added.exitCode == 0, "\(added.standardError)")
        #expect(
            added.standardOutput.contains("als Favorit 1 hinzugefügt."), "\(added.standardOutput)")
        let json = await kiosk.run(["city", "remove", "1", "--json"])
        #expect(
            json.standardOutput.contains("\"message\" : \"Removed Rom.\""), "\(json.standardOutput)"
        )
    }

    /// A scratch kiosk whose config starts with the top-level `language` (the fixture's
    /// tables come first in what it writes, so the key cannot go in `extra`).
    static func start(language: String, extra: String = "") async throws -> KioskFixture {
        let kiosk = try await KioskFixture.start(extra: extra)
        kiosk.directory.write(
            "config.toml",
            "language = \"\(language)\"\n" + (kiosk.directory.read("config.toml") ?? ""))
        return kiosk
    }

    /// `text` without the values that change from one run to the next whatever the
    /// language: the cache's age and the places' local time go; the values computed for the
    /// instant of the run keep only their form (a number, a string, a boolean), which is
    /// what a language could change. The Moon's lit part (to 0.1 %) and age (to 0.01 day)
    /// step every quarter of an hour or so, `is_day` at sunrise and sunset, and the air's
    /// `fetched_at` whenever a run asks the Air Quality API again: compared as they are, a
    /// run on either side of such a step made the outputs differ.
    static func timeless(_ text: String) -> String {
        let moving = ["illumination_percent", "age_days", "is_day", "fetched_at"]
        return text.split(separator: "\n").filter {
            !$0.contains("\"age_seconds\"") && !$0.contains("\"local_time\"")
        }.map { line in
            guard let key = moving.first(where: { line.contains("\"\($0)\" : ") }),
                let colon = line.firstRange(of: "\"\(key)\" : ")
            else { return String(line) }
            var value = line[colon.upperBound...]
            let comma = value.hasSuffix(",")
            if comma { value = value.dropLast() }
            let form =
                value.wholeMatch(of: #/-?[0-9]+(\.[0-9]+)?(e-?[0-9]+)?/#) != nil
                ? "<number>"
                : value == "true" || value == "false"
                    ? "<boolean>"
                    : value.wholeMatch(of: #/"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z"/#) != nil
                        ? "<instant>" : String(value)
            return line[..<colon.upperBound] + form + (comma ? "," : "")
        }.joined(separator: "\n")
    }
}
