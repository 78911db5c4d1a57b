import KioskConfig
import KioskCore
import Testing

/// Lines and columns in config messages, and the edits' places, come from toml++'s parser.
@Suite struct ConfigPositionTests {
    private let nested = """
        # weather-kiosk
        board = "simulator"
        motd = \"\"\"
        [display]
        theme = "not this one"
        \"\"\"

        [display]
        theme = "dark"

        [display.night]
        mode = "dim"
        from = "23:00"

        [[cities]]
        name = "Rome"

        [[cities]]
        name = "Oslo"
        extra.note = "x"

        """

    private func line(_ dotted: String, in text: String) -> Int? {
        line(ConfigPath(dotted: dotted), in: text)
    }

    private func line(_ path: ConfigPath, in text: String) -> Int? {
        let document = ConfigDocument(file: "c.toml", text: text)
        return document.locate([ConfigProblem(path: path, message: "m")]).problems.first?.line
    }

    @Test func aSyntaxErrorNamesLineAndColumnInCharacters() throws {
        let document = ConfigDocument(
            file: "c.toml", text: "[station]\nname = \"Zürich\" x\n")
        let error = try #require(throws: ConfigFileError.self) { try document.parse() }
        let problem = try #require(error.problems.first)
        #expect(error.kind == .syntax)
        #expect(problem.line == 2)
        #expect(problem.column == 17, "ü is one column, though two bytes")
        #expect(problem.text.hasPrefix("c.toml, line 2, column 17: TOML syntax error: "))
        #expect(problem.text.contains("saw 'x'"), "got: \(problem.text)")
    }

    @Test func anUnclosedArrayIsAnErrorAtTheEndOfTheFile() throws {
        let document = ConfigDocument(file: "c.toml", text: "[display]\npages = [\"city\",\n")
        let error = try #require(throws: ConfigFileError.self) { try document.parse() }
        let problem = try #require(error.problems.first)
        #expect(problem.line == 2)
        #expect(problem.column != nil)
        #expect(problem.message.contains("end-of-file"), "got: \(problem.message)")
    }

    @Test func aKeyInANestedTableIsOnItsOwnLine() {
        #expect(line("display.theme", in: nested) == 9)
        #expect(line("display.night.from", in: nested) == 13)
        #expect(line("display.night", in: nested) == 11, "its header")
        #expect(line("display.night.to", in: nested) == 11, "unset: its table's header")
        #expect(line("motd", in: nested) == 3)
    }

    @Test func anEntryOfAnArrayOfTablesIsOnItsHeaderLine() {
        let second = ConfigPath([.key("cities"), .index(2)])
        #expect(line(second, in: nested) == 18)
        #expect(line(second.appending("name"), in: nested) == 19)
        #expect(line(second.appending("extra").appending("note"), in: nested) == 20)
        #expect(line(ConfigPath([.key("cities"), .index(1), .key("name")]), in: nested) == 16)
    }

    @Test func aQuotedKeyWithAnEscapeIsFound() {
        let text = "board = \"simulator\"\n\"caf\\u00e9\" = 1\n"
        #expect(line(ConfigPath([.key("café")]), in: text) == 2)
    }

    @Test func settingAKeySpelledWithAnEscapeReplacesIt() throws {
        let text = "[display]\n\"th\\u0065me\" = \"dark\" # mine\n"
        let document = ConfigDocument(file: "c.toml", text: text)
        let edited = try document.setting(ConfigPath(dotted: "display.theme"), to: .string("light"))
        #expect(edited.text == "[display]\n\"th\\u0065me\" = \"light\" # mine\n")
    }

    @Test func aFileWithAByteOrderMarkIsEditedInPlace() throws {
        let text = "\u{FEFF}board = \"simulator\" # é\n[display]\ntheme = \"dark\"\n"
        let document = ConfigDocument(file: "c.toml", text: text)
        let edited = try document.setting(
            ConfigPath(dotted: "board"), to: .string("raspberry-pi-4"))
        #expect(
            edited.text == "\u{FEFF}board = \"raspberry-pi-4\" # é\n[display]\ntheme = \"dark\"\n")
        let removed = try edited.removing(ConfigPath(dotted: "display.theme"))
        #expect(removed.text == "\u{FEFF}board = \"raspberry-pi-4\" # é\n[display]\n")
    }

    @Test func valuesAfterMultibyteCharactersAreReplacedWhole() throws {
        let text = "[station]\nname = \"Zürich – Höngg\" # ö\nelevation = 400\n"
        let document = ConfigDocument(file: "c.toml", text: text)
        let edited = try document.setting(ConfigPath(dotted: "station.name"), to: .string("Bern"))
        #expect(edited.text == "[station]\nname = \"Bern\" # ö\nelevation = 400\n")
        #expect(document.sourceText(at: ConfigPath(dotted: "station.elevation")) == "400")
    }
}
