import Testing
import WeatherModel

@Suite struct TransliterationTests {
    @Test(arguments: [
        ("São Paulo", "Sao Paulo"),
        ("Kraków", "Krakow"),
        ("Zürich", "Zurich"),
        ("Москва", "Moskva"),
        ("Новосибирск", "Novosibirsk"),
        ("Αθήνα", "Athina"),
        ("Łódź", "Lodz"),
        ("Ærøskøbing", "AEroskobing"),
        ("Hà Nội", "Ha Noi"),
        ("Reykjavík", "Reykjavik"),
        ("İstanbul", "Istanbul"),
        ("Straße", "Strasse"),
    ])
    func spellsPlaceNamesInASCII(name: String, ascii: String) {
        #expect(Transliteration.ascii(name) == ascii)
    }

    @Test func keepsRequestedCharacters() {
        #expect(Transliteration.ascii("Zürich 5°", keeping: ["ü", "°"]) == "Zürich 5°")
    }

    @Test func decomposedAccentsAreDropped() {
        // "e" followed by U+0301 COMBINING ACUTE ACCENT.
        #expect(Transliteration.ascii("Cafe\u{301}") == "Cafe")
    }

    @Test func unknownScriptsBecomeQuestionMarks() {
        #expect(Transliteration.ascii("東京") == "??")
    }
}
