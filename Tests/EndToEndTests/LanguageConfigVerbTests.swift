import KioskTesting
import Testing

/// Issue 33: the `config` verbs' sentences speak the language of the config they leave
/// behind, so `config set language it` already answers in Italian; keys, values and paths
/// stay as the file spells them, and `--json` stays English.
@Suite struct LanguageConfigVerbTests {
    @Test func configVerbsSpeakTheConfigsLanguage() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "language = \"de\"\n[display]\ncycle_seconds = 20\n")
        let path = directory.file("config.toml")
        func run(_ arguments: [String]) async -> String {
            let result = await KioskBinary.run(["config"] + arguments + ["--config", path])
            #expect(result.exitCode == 0, "\(arguments): \(result.standardError)")
            return result.standardOutput
        }
        let set = await run(["set", "display.cycle_seconds", "25"])
        #expect(set == "display.cycle_seconds = 25 (vorher 20)\n", "\(set)")
        let unset = await run(["unset", "display.cycle_seconds"])
        #expect(
            unset
                == "display.cycle_seconds aus \(path) entfernt; jetzt gilt der Standardwert 15.\n",
            "\(unset)")
        let again = await run(["unset", "display.cycle_seconds"])
        #expect(
            again == "display.cycle_seconds ist in \(path) nicht gesetzt; nichts geändert.\n",
            "\(again)")
        let check = await run(["check"])
        #expect(check == "\(path) ist gültig: Board simulator, 0 Favoriten.\n", "\(check)")
        let table = await run(["unset", "mqtt"])
        #expect(table == "[mqtt] steht nicht in \(path); nichts geändert.\n", "\(table)")
        // The answer to the change of language is in the new one.
        let language = await run(["set", "language", "it"])
        #expect(language == "language = \"it\" (prima \"de\")\n", "\(language)")
        let json = await run(["set", "language", "fr", "--json"])
        #expect(
            json
                == "{\"key\":\"language\",\"previous\":\"it\",\"takes_effect_after_restart\":false,\"value\":\"fr\"}\n",
            "--json stays as it was: \(json)")
    }

    @Test func forecastAndWarningsSayThereIsNothingToLookUpInTheLanguage() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml", "language = \"es\"\nstate_dir = \"\(directory.path)\"\n")
        let config = ["--config", directory.file("config.toml")]
        let forecast = await KioskBinary.run(["forecast"] + config)
        #expect(forecast.exitCode != 0)
        #expect(
            forecast.standardError.contains("No hay favoritos ni estación para pronosticar"),
            "\(forecast.standardError)")
        let warnings = await KioskBinary.run(["warnings"] + config)
        #expect(warnings.exitCode != 0)
        #expect(
            warnings.standardError.contains("No hay favoritos para los que buscar avisos"),
            "\(warnings.standardError)")
    }
}
