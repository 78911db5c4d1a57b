import KioskTesting
import Testing

/// `config set` takes an LCD's size the way people set it (issue 28 point 14): columns and
/// rows one after the other in either order, or both at once with `display.size`.
@Suite struct LCDSizeVerbTests {
    @Test(arguments: [
        ["display.columns 20", "display.rows 4"], ["display.rows 4", "display.columns 20"],
        ["display.size 20x4"],
    ])
    func a16x2BecomesA20x4(_ steps: [String]) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let config = directory.file("config.toml")
        directory.write("config.toml", "board = \"simulator\"\n\n[display]\nkind = \"hd44780\"\n")
        for step in steps {
            let words = step.split(separator: " ").map(String.init)
            let set = await KioskBinary.run(["config", "set"] + words + ["--config", config])
            #expect(set.exitCode == 0, "\(step): \(set.standardError)")
        }
        let size = await KioskBinary.run(["config", "get", "display.size", "--config", config])
        #expect(size.standardOutput == "20x4\n")
        let check = await KioskBinary.run(["config", "check", "--config", config])
        #expect(check.exitCode == 0, "\(check.standardError)")
    }

    @Test func the20x4AddOnBecomesA16x2WithOneKey() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let config = directory.file("config.toml")
        directory.write("config.toml", "board = \"simulator\"\naddon = \"lcd-20x4\"\n")
        let set = await KioskBinary.run([
            "config", "set", "display.size", "16x2", "--config", config,
        ])
        #expect(set.exitCode == 0, "\(set.standardError)")
        #expect(set.standardOutput == "display.size = \"16x2\" (was \"20x4\")\n")
        let rows = await KioskBinary.run(["config", "get", "display.rows", "--config", config])
        #expect(rows.standardOutput == "2\n")
    }
}
