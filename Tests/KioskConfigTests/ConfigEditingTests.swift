import KioskConfig
import KioskCore
import Testing

@Suite struct ConfigEditingTests {
    private let sample = """
        # Kitchen kiosk — edited by hand, keep my notes!
        board = "simulator"

        [station]   # the flat
        name = "Home"
        latitude = 52.52
        longitude = 13.41

        [display]
        kind = "png"          # for now
        device = "/tmp/kiosk.png"
        pages = [
            "city",   # main page
            "hourly",
        ]
        night = { from = "23:00", to = "06:30" }

        # First favourite: where I grew up.
        [[cities]]
        name = "Rome"
        latitude = 41.89193
        longitude = 12.51133

        [[cities]]
        name = "Berlin"    # home
        latitude = 52.52437
        longitude = 13.41053

        # Third: holidays.
        [[cities]]
        name = "Reykjavík"
        latitude = 64.13548
        longitude = -21.89541

        """

    private var document: ConfigDocument { ConfigDocument(file: "c.toml", text: sample) }

    /// Lines of `after` that are not in `before` and vice versa, as a crude diff.
    private func changedLines(_ before: String, _ after: String) -> (
        removed: [String], added: [String]
    ) {
        let old = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return (old.filter { !new.contains($0) }, new.filter { !old.contains($0) })
    }

    @Test func settingAnExistingValueChangesOnlyThatValue() throws {
        let edited = try document.setting(
            ConfigPath(dotted: "display.kind"), to: .string("terminal"))
        let diff = changedLines(sample, edited.text)
        #expect(diff.removed == ["kind = \"png\"          # for now"])
        #expect(diff.added == ["kind = \"terminal\"          # for now"])
        #expect(try ConfigStore.resolve(edited).display.kind == .terminal)
    }

    @Test func settingAMultiLineArrayReplacesItWhole() throws {
        let edited = try document.setting(
            ConfigPath(dotted: "display.pages"), to: .array([.string("map")]))
        #expect(edited.text.contains("pages = [\"map\"]\nnight = "))
        #expect(!edited.text.contains("# main page"))
        #expect(try ConfigStore.resolve(edited).display.pages == [.map])
    }

    @Test func settingAnAbsentKeyInsertsItAtTheEndOfItsTable() throws {
        let edited = try document.setting(
            ConfigPath(dotted: "display.cycle_seconds"), to: .integer(30))
        #expect(
            edited.text.contains(
                "night = { from = \"23:00\", to = \"06:30\" }\ncycle_seconds = 30\n\n# First favourite"
            ))
        #expect(changedLines(sample, edited.text).removed.isEmpty)
    }

    @Test func settingAKeyOfAnAbsentTableAddsTheTableBeforeTheFavourites() throws {
        let edited = try document.setting(
            ConfigPath(dotted: "units.temperature"), to: .string("fahrenheit"))
        #expect(
            edited.text.contains(
                "[units]\ntemperature = \"fahrenheit\"\n\n# First favourite: where I grew up.\n[[cities]]"
            ))
        #expect(try ConfigStore.resolve(edited).units.temperature == .fahrenheit)
    }

    @Test func settingARootKeyKeepsItAmongTheRootKeys() throws {
        let edited = try document.setting(
            ConfigPath(dotted: "state_dir"), to: .string("/srv/kiosk"))
        #expect(
            edited.text.hasPrefix(
                "# Kitchen kiosk — edited by hand, keep my notes!\nboard = \"simulator\"\nstate_dir = \"/srv/kiosk\"\n\n[station]"
            ))
    }

    @Test func settingARootKeyInAFileWithOnlyTables() throws {
        let text = "# notes\n[display]\nkind = \"png\"\n"
        let edited = try ConfigDocument(file: "c.toml", text: text)
            .setting(ConfigPath(dotted: "board"), to: .string("raspberry-pi-5"))
        #expect(edited.text == "board = \"raspberry-pi-5\"\n\n# notes\n[display]\nkind = \"png\"\n")
    }

    @Test func settingIntoAnEmptyFile() throws {
        let edited = try ConfigDocument(file: "c.toml", text: "")
            .setting(ConfigPath(dotted: "display.theme"), to: .string("light"))
        #expect(edited.text == "[display]\ntheme = \"light\"\n")
    }

    @Test func removingAKeyTakesItsWholeLine() throws {
        let edited = try document.removing(ConfigPath(dotted: "display.night"))
        #expect(
            changedLines(sample, edited.text).removed == [
                "night = { from = \"23:00\", to = \"06:30\" }"
            ])
        #expect(try ConfigStore.resolve(edited).display.night == nil)
    }

    @Test func appendingACityAddsATableAtTheEnd() throws {
        let city = City(
            name: "São Paulo", country: "Brazil", admin1: "São Paulo",
            coordinate: Coordinate(latitude: -23.5475, longitude: -46.63611),
            timezone: "America/Sao_Paulo", geonameID: 3448439)
        let edited = try document.appendingCity(city)
        #expect(edited.text.hasPrefix(sample))
        #expect(
            edited.text.hasSuffix(
                """

                [[cities]]
                name = "São Paulo"
                country = "Brazil"
                admin1 = "São Paulo"
                latitude = -23.5475
                longitude = -46.63611
                timezone = "America/Sao_Paulo"
                geoname_id = 3448439

                """))
        #expect(try ConfigStore.resolve(edited).cities.last == city)
    }

    @Test func appendingToAFileWithoutFinalNewline() throws {
        let edited = try ConfigDocument(file: "c.toml", text: "board = \"simulator\"")
            .appendingCity(City(name: "X", coordinate: Coordinate(latitude: 1, longitude: 2)))
        #expect(
            edited.text
                == "board = \"simulator\"\n\n[[cities]]\nname = \"X\"\nlatitude = 1.0\nlongitude = 2.0\n"
        )
    }

    @Test func removingTheFirstCityTakesItsAttachedComment() throws {
        let edited = try document.removingCity(at: 1)
        let diff = changedLines(sample, edited.text)
        #expect(diff.added.isEmpty)
        #expect(diff.removed.contains("# First favourite: where I grew up."))
        #expect(diff.removed.contains("name = \"Rome\""))
        #expect(
            edited.text.contains(
                "night = { from = \"23:00\", to = \"06:30\" }\n\n[[cities]]\nname = \"Berlin\""))
        #expect(try ConfigStore.resolve(edited).cities.map(\.name) == ["Berlin", "Reykjavík"])
    }

    @Test func removingTheMiddleCityKeepsTheNextOnesComment() throws {
        let edited = try document.removingCity(at: 2)
        #expect(edited.text.contains("longitude = 12.51133\n\n# Third: holidays.\n[[cities]]"))
        #expect(try ConfigStore.resolve(edited).cities.map(\.name) == ["Rome", "Reykjavík"])
    }

    @Test func removingTheLastCityLeavesNoTrailingBlankLines() throws {
        let edited = try document.removingCity(at: 3)
        #expect(edited.text.hasSuffix("longitude = 13.41053\n"))
        #expect(try ConfigStore.resolve(edited).cities.map(\.name) == ["Rome", "Berlin"])
    }

    @Test(arguments: [
        (3, 1, ["Reykjavík", "Rome", "Berlin"]),
        (1, 3, ["Berlin", "Reykjavík", "Rome"]),
        (2, 1, ["Berlin", "Rome", "Reykjavík"]),
        (2, 2, ["Rome", "Berlin", "Reykjavík"]),
    ])
    func movingACityCarriesItsCommentsAndKeepsTheLayout(from: Int, to: Int, names: [String]) throws
    {
        let edited = try document.movingCity(from: from, to: to)
        #expect(try ConfigStore.resolve(edited).cities.map(\.name) == names)
        // Same lines, other order: nothing lost, nothing added.
        #expect(
            edited.text.split(separator: "\n", omittingEmptySubsequences: false).sorted()
                == sample.split(separator: "\n", omittingEmptySubsequences: false).sorted())
        // Each comment still sits right above its city.
        #expect(edited.text.contains("# Third: holidays.\n[[cities]]\nname = \"Reykjavík\""))
        // The document still starts and ends as before.
        #expect(edited.text.hasPrefix(String(sample.prefix(200))))
        #expect(edited.text.hasSuffix("\n\n") == sample.hasSuffix("\n\n"))
    }

    @Test func inlineCityArraysAreNotEditedBehindTheUsersBack() throws {
        let text = "cities = [{ name = \"X\", latitude = 1, longitude = 2 }]\n"
        let inline = ConfigDocument(file: "c.toml", text: text)
        #expect(throws: ConfigFileError.self) {
            try inline.appendingCity(
                City(name: "Y", coordinate: Coordinate(latitude: 3, longitude: 4)))
        }
        do {
            _ = try inline.removingCity(at: 1)
        } catch {
            #expect(error.kind == .notEditable)
            #expect(
                error.description.contains(
                    "c.toml, line 1: the favourites are written as an inline array"))
        }
    }

    @Test func dottedRootKeysAreExtendedInPlace() throws {
        let text = "display.kind = \"png\"\n\n[station]\nname = \"x\"\n"
        let edited = try ConfigDocument(file: "c.toml", text: text)
            .setting(ConfigPath(dotted: "display.theme"), to: .string("light"))
        #expect(
            edited.text
                == "display.kind = \"png\"\ndisplay.theme = \"light\"\n\n[station]\nname = \"x\"\n")
        #expect(try ConfigStore.resolve(edited).display.theme == .light)
    }

    @Test func stringsAreEscapedOnTheWayIn() throws {
        let edited = try ConfigDocument(file: "c.toml", text: "")
            .setting(ConfigPath(dotted: "station.name"), to: .string("Tom's \"shed\" \\ 2"))
        #expect(try ConfigStore.resolve(edited).station.name == "Tom's \"shed\" \\ 2")
    }
}
