import KioskTesting
import LinuxPlatform
import Testing

/// The docs against the program: the configuration reference is what `config reference`
/// prints, and every key `config show` prints is in it.
@Suite struct DocsTests {
    /// docs/configuration-reference.md as committed.
    static func committedReference() throws -> String {
        let bytes = try #require(
            try FileSystem.read(DeployTests.repository + "/docs/configuration-reference.md"))
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theCommittedReferenceIsWhatTheBinaryPrints() async throws {
        let result = await KioskBinary.run(["config", "reference"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == (try Self.committedReference()),
            "docs/configuration-reference.md is out of date: run Tests/docs/check.sh --write")
    }

    /// The dotted keys of `config show`'s output: `name = …` and `# name is not set: …`
    /// lines under their `[table]`, and the `[[cities]]` entries' keys as `cities[N].name`.
    static func keys(inShow text: String) -> [String] {
        var table = ""
        var keys: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("[[") {
                table = "cities[N]"
            } else if line.hasPrefix("[") {
                table = String(line.dropFirst().dropLast())
            } else if let name = line.split(separator: " ").first.map(String.init),
                line.contains(" = "), !line.hasPrefix("#")
            {
                keys.append(table.isEmpty ? name : "\(table).\(name)")
            } else if line.hasPrefix("# "), line.contains(" is not set: ") {
                let name = line.dropFirst(2).split(separator: " ")[0]
                keys.append(table.isEmpty ? String(name) : "\(table).\(name)")
            }
        }
        return keys
    }

    @Test func everyKeyConfigShowPrintsIsInTheReference() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml",
            """
            [mqtt]
            url = "mqtt://broker.lan"

            [[cities]]
            name = "Rome"
            country = "Italy"
            admin1 = "Lazio"
            latitude = 41.89193
            longitude = 12.51133
            timezone = "Europe/Rome"
            geoname_id = 3169070

            """)
        let show = await KioskBinary.run([
            "config", "show", "--config", directory.file("config.toml"),
        ])
        #expect(show.exitCode == 0, "\(show.standardError)")
        let keys = Self.keys(inShow: show.standardOutput)
        #expect(keys.contains("display.cycle_seconds"))
        #expect(keys.contains("mqtt.username"))
        #expect(keys.contains("cities[N].geoname_id"))
        #expect(keys.count >= 70, "\(keys)")
        let reference = try Self.committedReference()
        let missing = keys.filter { !reference.contains("| `\($0)` |") }
        #expect(missing.isEmpty, "not in docs/configuration-reference.md: \(missing)")
    }
}
