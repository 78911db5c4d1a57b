import KioskTesting
import Testing

/// `weather-kiosk buttons` as a user runs it.
@Suite struct ButtonsVerbTests {
    @Test func keyboardBackendPrintsEachGesture() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "board = \"simulator\"\n")
        let result = await KioskBinary.run(
            ["buttons", "--config", directory.file("config.toml")],
            input: "\u{1B}[C\u{1B}[D \u{1B}[1;2Cq")
        #expect(result.exitCode == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Buttons (keyboard): → or n: next") == true)
        let gestures = lines.dropFirst(2).map {
            $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().prefix(3).joined(
                separator: " ")
        }
        #expect(
            gestures == [
                "next short next_city", "previous short previous_city", "select short next_page",
                "next long none",
            ])
        // Each line starts with the time of day, HH:MM:SS.mmm.
        #expect(lines.dropFirst(2).allSatisfy { $0.prefix(12).filter { $0 == ":" }.count == 2 })
    }

    @Test func edgesFlagAddsPressAndRelease() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "")
        let result = await KioskBinary.run(
            ["buttons", "--edges", "--config", directory.file("config.toml")], input: "n")
        #expect(result.exitCode == 0)
        let kinds = result.standardOutput.split(separator: "\n").dropFirst(2).map {
            $0.split(separator: " ", omittingEmptySubsequences: true)[2]
        }
        #expect(kinds == ["press", "short", "release"])
    }

    @Test func gpiodWithoutChipsSaysWhatIsThereAndExitsOne() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        // A label no machine has: on a Pi too, the sentence lists the chips that are there.
        directory.write(
            "config.toml", "board = \"raspberry-pi-5\"\n[buttons]\nchip = \"no-such-chip\"\n")
        let result = await KioskBinary.run(["buttons", "--config", directory.file("config.toml")])
        #expect(result.exitCode == 1)
        #expect(
            result.standardError.hasPrefix(
                "No GPIO chip is labelled \"no-such-chip\" (buttons.chip); "))
        #expect(result.standardError.contains("gpiochip"))
    }

    @Test func noneBackendIsAUsageError() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "[buttons]\nbackend = \"none\"\n")
        let result = await KioskBinary.run(["buttons", "--config", directory.file("config.toml")])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("buttons.backend is \"none\""))
    }
}
