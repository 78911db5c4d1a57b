import KioskCore
import Localization
import Testing

/// Every translated string as an HD44780 character LCD shows it: each character is in the
/// ROM (code page A00) or is spelled the way a reader of the language would accept.
@Suite struct CatalogCharacterROMTests {
    /// The characters beyond ASCII the catalogs use that the ROM lacks, and how they must
    /// be spelled. A new one fails the test: look at what `Transliteration` makes of it
    /// and add it here when that is right for the language (German readers, for example,
    /// would want "Ae" for "Ä", which the ROM lacks; it is in no catalog yet).
    static let sensibleSpellings: [Character: String] = [
        "à": "a", "á": "a", "â": "a", "ç": "c", "è": "e", "é": "e", "ê": "e", "ë": "e",
        "ì": "i", "í": "i", "î": "i", "ï": "i", "ñ": "n", "ò": "o", "ó": "o", "ô": "o",
        "ù": "u", "ú": "u", "û": "u", "ß": "ss", "œ": "oe", "À": "A", "É": "E", "È": "E", "Ê": "E",
        "Í": "I",
        "’": "'",
        "\u{202F}": " ",
    ]

    /// Every translation of every embedded catalog, with where it is from.
    static func translations() -> [(String, String)] {
        Language.allCases.flatMap { language -> [(String, String)] in
            guard let catalog = MessageCatalog.embedded(language) else { return [] }
            return catalog.messages.flatMap { message in
                message.translations.map { ($0, "\(language): \(message.id)") }
            }
        }
    }

    @Test func everyTranslatedCharacterIsInTheROMOrSpelledSensibly() {
        let translations = Self.translations()
        #expect(translations.count > 400)
        for (text, source) in translations {
            for character in text where !character.isASCII {
                if CharacterROM.extraCharacters[character] != nil { continue }
                let spelled = Transliteration.ascii(String(character))
                guard let wanted = Self.sensibleSpellings[character] else {
                    Issue.record(
                        "\(source): \"\(character)\" is neither in the HD44780 ROM nor in the table of sensible spellings; the ROM would show \"\(spelled)\""
                    )
                    continue
                }
                #expect(spelled == wanted, "\(source): \"\(character)\"")
            }
            let shown = CharacterROM.text(CharacterROM.codes(text))
            #expect(!shown.contains("?") || text.contains("?"), "\(source): \(shown)")
        }
    }

    @Test func umlautsAndDegreesUseTheROMsOwnCharacters() {
        let codes = CharacterROM.codes(
            WeatherCode(rawValue: 1).condition(isDay: false, language: .de))
        #expect(CharacterROM.text(codes) == "Leicht bewölkt")
        #expect(codes.contains(0xEF))  // ö
        #expect(
            CharacterROM.text(CharacterROM.codes(Language.es.weekdayName(3, .abbreviated))) == "Mie"
        )
        #expect(CharacterROM.text(CharacterROM.codes(Language.fr.dayName(.today))) == "Aujourd'hui")
        #expect(CharacterROM.text(CharacterROM.codes(Language.de.monthName(3, .full))) == "März")
    }
}
