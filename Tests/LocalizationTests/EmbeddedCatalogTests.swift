import Localization
import Testing

@Suite struct EmbeddedCatalogTests {
    static let translated = Language.allCases.filter { $0 != .en }

    @Test(arguments: translated)
    func everyEmbeddedCatalogReads(language: Language) throws {
        let catalog = try #require(MessageCatalog.embedded(language))
        #expect(catalog.headerField("Language") == language.rawValue)
        #expect(catalog.messages.count > 100)
        #expect(catalog.messages.allSatisfy { !$0.translations.contains("") })
    }

    @Test func englishHasNoCatalogAndSpeaksTheSources() {
        #expect(MessageCatalog.embedded(.en) == nil)
        #expect(Language.en.localized("Today", context: "day") == "Today")
        #expect(Language.en.localized("Not in any catalog") == "Not in any catalog")
    }

    /// Every catalog has every message the others have (Tests/i18n/check.sh checks them
    /// against the sources).
    @Test func theCatalogsHoldTheSameMessages() throws {
        func keys(_ language: Language) throws -> Set<String> {
            Set(
                try #require(MessageCatalog.embedded(language)).messages.map {
                    ($0.context ?? "") + "\u{4}" + $0.id + "\u{4}" + ($0.pluralID ?? "")
                })
        }
        let german = try keys(.de)
        for language in Self.translated {
            #expect(try keys(language) == german, "\(language)")
        }
    }

    @Test func pluralRulesOfTheCatalogs() throws {
        func days(_ language: Language, _ count: Int) -> String {
            language.localized(
                "{count} day", plural: "{count} days", count: count, context: "duration")
        }
        #expect(days(.de, 1) == "1 Tag")
        #expect(days(.de, 0) == "0 Tage")
        #expect(days(.fr, 0) == "0 jour")  // French counts zero as one
        #expect(days(.fr, 2) == "2 jours")
        #expect(days(.it, 3) == "3 giorni")
        #expect(days(.es, 1) == "1 día")
        #expect(days(.en, 1) == "1 day")
        #expect(days(.en, 0) == "0 days")
    }

    @Test func aMessageTheCatalogLacksIsEnglish() {
        #expect(Language.it.localized("Not in any catalog") == "Not in any catalog")
        #expect(Language.it.localized("Today", context: "no such context") == "Today")
        #expect(Language.it.localized("Today", context: "day") == "Oggi")
    }
}
