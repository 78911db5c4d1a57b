import Localization
import Testing

@Suite struct MessageCatalogTests {
    /// The fixture compiled both ways reads the same: msgfmt's default little-endian file
    /// with its hash table, and a big-endian one without.
    @Test(arguments: ["polish-hashed.mo", "polish-big-endian.mo"])
    func readsWhatMsgfmtWrites(name: String) throws {
        let catalog = try MessageCatalog(mo: try fixture(name))
        #expect(catalog.headerField("language") == "pl")
        #expect(catalog.pluralRule.count == 3)
        #expect(catalog.translation(of: "Today") == "Dzisiaj")
        #expect(catalog.translation(of: "Snow", context: "weather") == "Śnieg")
        #expect(catalog.translation(of: "Snow") == nil)  // the context tells them apart
        #expect(catalog.translation(of: "Wed", context: "weekday, abbreviated") == "Śr")
        // msgfmt leaves out untranslated and fuzzy messages.
        #expect(catalog.translation(of: "Tomorrow") == nil)
        #expect(catalog.translation(of: "Yesterday") == nil)
        #expect(catalog.messages.count == 6)
        let readings = (0...25).map {
            catalog.translation(ofPlural: "{count} reading", count: $0, context: "sensor")
        }
        #expect(readings[1] == "{count} odczyt")
        #expect(readings[2] == "{count} odczyty")
        #expect(readings[5] == "{count} odczytów")
        #expect(readings[22] == "{count} odczyty")
        #expect(readings[12] == "{count} odczytów")
        let plural = catalog.messages.first { $0.id == "{count} day" }
        #expect(plural?.pluralID == "{count} days")
        #expect(plural?.translations.count == 3)
    }

    @Test func aMessageLooksUpTheCatalogAndFallsBackToEnglish() throws {
        let catalog = try MessageCatalog(mo: try fixture("polish-hashed.mo"))
        let updated = LocalizedMessage(
            "Updated {time} ago in {city}", ["time": "4 min", "city": "Kraków"])
        #expect(updated.text(from: catalog) == "W Kraków zaktualizowano 4 min temu")
        #expect(updated.text(from: nil) == "Updated 4 min ago in Kraków")
        #expect(LocalizedMessage("Tomorrow").text(from: catalog) == "Tomorrow")
        let days = { (count: Int) in
            LocalizedMessage("{count} day", plural: "{count} days", count: count).text(
                from: catalog)
        }
        #expect(days(1) == "1 dzień")
        #expect(days(3) == "3 dni")
        // Not in the catalog: English's own rule picks the English form.
        let hours = { (count: Int) in
            LocalizedMessage("{count} hour", plural: "{count} hours", count: count)
                .text(from: catalog)
        }
        #expect(hours(1) == "1 hour")
        #expect(hours(0) == "0 hours")
        #expect(hours(-1) == "-1 hour")
    }

    @Test func aTranslationWhosePlaceholdersCannotBeFilledGivesTheEnglish() throws {
        // A catalog of one message whose translation names a placeholder the code does not
        // give (a translator's slip that the CI check would have caught).
        let catalog = try MessageCatalog(
            mo: MOFile(messages: [("", "Language: de\n"), ("Hello {name}", "Hallo {nom}")]).bytes)
        #expect(
            LocalizedMessage("Hello {name}", ["name": "Ada"]).text(from: catalog) == "Hello Ada")
    }

    @Test func refusesWhatIsNotACatalog() throws {
        let good = try fixture("polish-hashed.mo")
        let cases: [([UInt8], String)] = [
            ([], "is 0 bytes long"),
            (
                Array(repeating: 0, count: 40),
                "is not a gettext .mo file: it starts with 00 00 00 00"
            ),
            (Array(good.prefix(100)), "its translation table at byte 84 does not fit"),
            (Array(good.prefix(150)), "past the end of its 150 bytes"),
            (replacing(good, at: 4, with: [0, 0, 2, 0]), "format revision 2.0"),
            (replacing(good, at: 8, with: [0xFF, 0xFF, 0xFF, 0x7F]), "does not fit"),
            (replacing(good, at: 12, with: [0xF0, 0xFF, 0xFF, 0xFF]), "does not fit"),
            (
                MOFile(messages: [("", "Language: x\n"), ("A", "\u{FFFD}")]).bytes.map {
                    $0 == 0xBD ? 0xFF : $0
                }, "not UTF-8"
            ),
            (
                MOFile(messages: [("", "Plural-Forms: nplurals=2; plural=n ? ;\n")]).bytes,
                "Plural-Forms"
            ),
            (MOFile(messages: [("", "Plural-Forms: nplurals=0; plural=0;\n")]).bytes, "nplurals"),
            (
                MOFile(messages: [("", "Content-Type: text/plain; charset=ISO-8859-1\n")]).bytes,
                "charset iso-8859-1"
            ),
        ]
        for (bytes, expected) in cases {
            #expect(throws: MessageCatalogError.self) { try MessageCatalog(mo: bytes) }
            do {
                _ = try MessageCatalog(mo: bytes)
            } catch {
                #expect(error.description.contains(expected), "\(error)")
                #expect(error.description.hasPrefix("the catalog "))
            }
        }
    }

    @Test func aCatalogWithoutPluralFormsUsesEnglishsRule() throws {
        let catalog = try MessageCatalog(
            mo: MOFile(messages: [("", "Language: xx\n"), ("{count} day\0{count} days", "a\0b")])
                .bytes)
        #expect(catalog.pluralRule == .english)
        #expect(catalog.translation(ofPlural: "{count} day", count: 1) == "a")
        #expect(catalog.translation(ofPlural: "{count} day", count: 7) == "b")
    }

    private func replacing(_ bytes: [UInt8], at offset: Int, with new: [UInt8]) -> [UInt8] {
        var result = bytes
        result.replaceSubrange(offset..<offset + new.count, with: new)
        return result
    }
}

/// A little-endian .mo file made in the test, for inputs msgfmt would refuse to make.
struct MOFile {
    var messages: [(original: String, translation: String)]

    var bytes: [UInt8] {
        let count = messages.count
        let originals = 28
        let translations = originals + 8 * count
        var strings = translations + 8 * count
        var header: [UInt32] = [
            0x9504_12de, 0, UInt32(count), UInt32(originals), UInt32(translations), 0, 0,
        ]
        var tables: [UInt32] = []
        var data: [UInt8] = []
        for text in messages.map(\.original) + messages.map(\.translation) {
            tables += [UInt32(text.utf8.count), UInt32(strings)]
            data += Array(text.utf8) + [0]
            strings += text.utf8.count + 1
        }
        header += tables
        return header.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) }
        } + data
    }
}
