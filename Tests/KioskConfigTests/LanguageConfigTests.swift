import KioskConfig
import KioskCore
import KioskTesting
import Testing

/// The top-level `language` and `forecast.language`, which follows it unless set.
@Suite struct LanguageConfigTests {
    @Test func unsetLanguageIsTheSystemsAndPlaceNamesFollowIt() throws {
        let configuration = try resolveConfig("")
        #expect(configuration.language == nil)
        #expect(configuration.forecast.language == nil)
        #expect(configuration.languageChoice == LanguageChoice(.en, source: .fallback))
        #expect(configuration.placeNameLanguage == "en")
        #expect(KioskSettings(configuration).language == .en)
    }

    @Test func eachLanguageIsReadAndPlaceNamesFollowIt() throws {
        for language in Language.allCases {
            let configuration = try resolveConfig("language = \"\(language.rawValue)\"")
            #expect(configuration.language == language)
            #expect(configuration.languageChoice.source == .configured)
            #expect(configuration.placeNameLanguage == language.rawValue)
            #expect(KioskSettings(configuration).language == language)
        }
    }

    @Test func anExplicitForecastLanguageStaysWhateverTheLanguage() throws {
        let configuration = try resolveConfig(
            "language = \"it\"\n[forecast]\nlanguage = \"en\"\n")
        #expect(configuration.language == .it)
        #expect(configuration.forecast.language == "en")
        #expect(configuration.placeNameLanguage == "en")
    }

    @Test func aWrongLanguageIsOneSentenceNamingTheKeyAndTheCodes() {
        let found = configProblems("language = \"pt\"")
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix(
                "language must be one of \"en\", \"de\", \"fr\", \"it\", \"es\", not \"pt\"")
                == true, "\(found)")
        #expect(configProblems("language = 3").first?.hasPrefix("language must be one of") == true)
    }

    @Test func theStoreSpeaksTheEnvironmentsLanguageWhereTheConfigDoesNotSay() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("config.toml")
        let environment = ["LANG": "it_IT.UTF-8"]
        directory.write("config.toml", "[display]\ncycle_seconds = 10\n")
        let unset = try ConfigStore(explicitPath: path, environment: environment).load()
        #expect(
            unset.configuration.languageChoice
                == LanguageChoice(.it, source: .environment(variable: "LANG", value: "it_IT.UTF-8"))
        )
        #expect(unset.configuration.placeNameLanguage == "it")
        #expect(KioskSettings(unset.configuration).language == .it)

        directory.write("config.toml", "language = \"de\"\n")
        let set = try ConfigStore(explicitPath: path, environment: environment).load()
        #expect(set.configuration.languageChoice == LanguageChoice(.de, source: .configured))

        let edited = try ConfigStore(explicitPath: path, environment: ["LANG": "C.UTF-8"]).update {
            document, _ in
            try document.setting(ConfigPath(dotted: "language"), to: .string("fr"))
        }
        #expect(edited.configuration.language == .fr)
        #expect(
            ConfigStore(explicitPath: path, environment: ["LANG": "es_ES"]).hints()
                .systemLanguage.language == .es)
    }
}
