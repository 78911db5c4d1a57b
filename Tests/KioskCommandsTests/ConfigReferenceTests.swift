import KioskCore
import Testing

@testable import KioskCommands
@testable import KioskConfig

/// The configuration reference `config reference` writes: every key of the schema, what it
/// takes, its default and its summary, and the profiles, as Markdown tables that hold.
@Suite struct ConfigReferenceTests {
    let markdown: String

    init() throws {
        markdown = try ConfigReference.markdown()
    }

    /// The table row of `key`, whose first cell is its code span.
    private func row(_ key: String) -> String? {
        markdown.split(separator: "\n").first { $0.hasPrefix("| `\(key)` |") }.map(String.init)
    }

    /// A row's cells, split on the `|` that are not escaped.
    private func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in row {
            if character == "|", !escaped {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
            escaped = character == "\\"
        }
        cells.append(current)
        return cells.dropFirst().dropLast().map { $0.trimmingWhitespace }
    }

    @Test func everyKeyHasARowWithItsSummary() throws {
        for key in ConfigSchema.keys {
            let line = try #require(row(key.path), "no row for \(key.path)")
            let parts = cells(line)
            #expect(parts.count == 4, "\(line)")
            #expect(!key.summary.isEmpty, "\(key.path) has no summary")
        }
        for name in ConfigSchema.cityKeys {
            let line = try #require(row("cities[N].\(name)"), "no row for cities[N].\(name)")
            #expect(cells(line).count == 3, "\(line)")
            #expect(ConfigSchema.citySummaries[name]?.isEmpty == false, "\(name) has no summary")
        }
        for table in ConfigSchema.tableNames + ["cities"] {
            #expect(ConfigSchema.tableSummaries[table]?.isEmpty == false, "[\(table)]")
        }
    }

    @Test func defaultsAndRangesComeFromTheSchema() throws {
        let cycle = cells(try #require(row("display.cycle_seconds")))
        #expect(cycle[1] == "a whole number from 2 to 3600 seconds")
        #expect(cycle[2] == "`15`")
        let address = cells(try #require(row("sensor.address")))
        #expect(address[1] == "a whole number from 0x03 to 0x77")
        #expect(address[2] == "`0x76`")
        let night = cells(try #require(row("display.night")))
        #expect(night[1] == "a table of from, to, mode")
        #expect(night[2] == "*absent*")
        let theme = cells(try #require(row("display.theme")))
        #expect(theme[1] == #"one of "dark", "light", "paper""#)
        #expect(theme[2] == "`\"dark\"` · [*profiles*](#board-profiles)")
    }

    @Test func profilesSayWhatTheySetAsTheirFilesWriteIt() throws {
        let pi4 = cells(try #require(row("raspberry-pi-4")))
        #expect(pi4[1] == "Raspberry Pi 4 (and 400, CM4).")
        #expect(pi4[2].contains(#"`buttons.chip = "pinctrl-bcm2711"`"#))
        #expect(pi4[2].contains(#"`display.kind = "auto"`"#))
        let oled = cells(try #require(row("oled-ssd1306")))
        #expect(oled[2].contains("`display.address = 0x3C`"))
        for name in BoardProfiles.names + BoardProfiles.addonNames {
            #expect(row(name) != nil, "no row for the profile \(name)")
        }
    }

    @Test func markdownCharactersStayText() {
        #expect(ConfigReference.escaped("a | b") == #"a \| b"#)
        #expect(ConfigReference.escaped("boards/<name>.toml") == #"boards/\<name>.toml"#)
        #expect(ConfigReference.escaped("next_long `a_b`") == #"next\_long `a_b`"#)
        #expect(ConfigReference.code("0 | 90") == #"`0 \| 90`"#)
        for line in markdown.split(separator: "\n") where line.hasPrefix("| `") {
            let count = cells(String(line)).count
            #expect(count == 3 || count == 4, "\(line)")
        }
    }
}
