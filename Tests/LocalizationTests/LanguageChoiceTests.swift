import Localization
import Testing

@Suite struct LanguageChoiceTests {
    @Test(arguments: [
        ("it", Language.it), ("it_IT.UTF-8", .it), ("de_CH@euro", .de), ("fr-CA", .fr),
        ("ES", .es), ("en_GB.utf8", .en), ("es_ES.ISO-8859-15@euro", .es),
    ])
    func readsLocaleNames(name: String, language: Language) {
        #expect(Language(localeName: name) == language)
    }

    @Test(arguments: ["", "C", "POSIX", "C.UTF-8", "pt_BR.UTF-8", "ita", "i", "_IT"])
    func namesItDoesNotSpeak(name: String) {
        #expect(Language(localeName: name) == nil)
    }

    @Test func theConfigWinsOverTheEnvironment() {
        let choice = LanguageChoice.choose(
            configured: .de, environment: ["LANG": "it_IT.UTF-8", "LANGUAGE": "fr"])
        #expect(choice == LanguageChoice(.de, source: .configured))
        #expect(choice.description == "de (from the config's language)")
    }

    @Test(arguments: [
        // What a Pi under systemd often has: nothing, or C.
        ([:], Language.en, "en (the default)"),
        (["LANG": "C"], .en, "en (the default)"),
        // gettext ignores LANGUAGE under the C locale.
        (["LANG": "C.UTF-8", "LANGUAGE": "it"], .en, "en (the default)"),
        (["LANG": "it_IT.UTF-8"], .it, "it (from LANG=it_IT.UTF-8)"),
        (
            ["LANG": "it_IT.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"], .es,
            "es (from LC_MESSAGES=es_ES.UTF-8)"
        ),
        (
            ["LANG": "it_IT.UTF-8", "LC_MESSAGES": "es_ES", "LC_ALL": "fr_FR"], .fr,
            "fr (from LC_ALL=fr_FR)"
        ),
        // An empty variable is an unset one.
        (["LC_ALL": "", "LANG": "de_AT.UTF-8"], .de, "de (from LANG=de_AT.UTF-8)"),
        (["LANG": "de_DE.UTF-8", "LANGUAGE": "pt:it:en"], .it, "it (from LANGUAGE=pt:it:en)"),
        (["LANG": "de_DE.UTF-8", "LANGUAGE": "pt:nl"], .de, "de (from LANG=de_DE.UTF-8)"),
        (["LANG": "pt_BR.UTF-8"], .en, "en (the default)"),
        (["LC_ALL": "POSIX", "LANG": "it_IT.UTF-8"], .en, "en (the default)"),
    ])
    func theEnvironmentAsGettextReadsIt(
        environment: [String: String], language: Language, said: String
    ) {
        let choice = LanguageChoice.choose(configured: nil, environment: environment)
        #expect(choice.language == language)
        #expect(choice.description == said)
    }

    @Test func placeNamesFollowTheLanguageUnlessTheConfigSaysOtherwise() {
        let italian = LanguageChoice(.it, source: .configured)
        #expect(italian.placeNameLanguage(configured: nil) == "it")
        #expect(italian.placeNameLanguage(configured: "") == "it")
        #expect(italian.placeNameLanguage(configured: "ja") == "ja")
    }
}
