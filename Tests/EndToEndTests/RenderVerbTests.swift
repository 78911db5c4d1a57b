import FoundationEssentials
import KioskTesting
import Testing

/// `weather-kiosk render`, run as the built binary.
@Suite struct RenderVerbTests {
    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count > 24, bytes[0] == 0x89, Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        func number(_ offset: Int) -> Int {
            bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        return (number(16), number(20))
    }

    static func read(_ path: String) -> [UInt8] {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? []
    }

    @Test func theDemoWorksOnAFreshMachine() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.file("map.png")
        let result = await KioskBinary.run(
            [
                "render", "--demo", "--page", "map", "--size", "320x240", "-o", output,
                "--config", directory.file("none.toml"),
            ])
        #expect(result.exitCode == 0)
        #expect(
            result.standardError == "Wrote the map page (320x240, dark) to \(output).\n")
        #expect(Self.pngSize(Self.read(output))! == (320, 240))
    }

    @Test func aDashWritesThePNGToStandardOutput() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let result = await KioskBinary.run(
            [
                "render", "--demo", "--page", "hourly", "-o", "-", "--config",
                directory.file("none.toml"),
            ])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("\u{FFFD}PNG\r\n\u{1A}\n"))
        #expect(result.standardOutput.contains("IHDR"))
        #expect(result.standardOutput.contains("IEND"))
        #expect(result.standardError.isEmpty)
    }

    @Test func withoutACacheItSaysWhatToDo() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml",
            "state_dir = \"\(directory.path)/state\"\n[[cities]]\nname = \"Rome\"\nlatitude = 41.9\nlongitude = 12.5\n"
        )
        let result = await KioskBinary.run(
            ["render", "-o", directory.file("x.png"), "--config", directory.file("config.toml")])
        #expect(result.exitCode == 1)
        #expect(
            result.standardError
                == "No forecast cached for Rome yet: run `weather-kiosk forecast` or use --demo.\n")
    }

    @Test(arguments: [
        (["--size", "800"], "--size must be WIDTHxHEIGHT"),
        (["--size", "10x10"], "--size must be WIDTHxHEIGHT"),
        (
            ["--page", "radar"],
            "--page must be one of city, hourly, indoor, map, sky, air, dashboard, empty"
        ),
        (["--theme", "blue"], "--theme must be dark, light or paper"),
    ])
    func badArgumentsExitWithTwo(_ arguments: [String], _ message: String) async {
        let result = await KioskBinary.run(
            ["render", "--demo", "-o", "/tmp/unused.png"] + arguments)
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains(message))
    }

    @Test func aDestinationIsRequired() async {
        let result = await KioskBinary.run(["render", "--demo"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("Say where the page goes"))
    }

    @Test func aMissingFramebufferIsNamed() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let result = await KioskBinary.run(
            [
                "render", "--demo", "--framebuffer", "/dev/fb-weather-kiosk-none", "--config",
                directory.file("none.toml"),
            ])
        #expect(result.exitCode == 1)
        #expect(
            result.standardError.hasPrefix(
                "Cannot open /dev/fb-weather-kiosk-none: no such file or directory; is the display connected"
            ))
    }

    @Test func theTerminalGetsHalfBlocks() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let result = await KioskBinary.run(
            ["render", "--demo", "--terminal", "--config", directory.file("none.toml")],
            environment: ["COLORTERM": "truecolor"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("\u{1B}[H\u{1B}[38;2;"))
        #expect(result.standardOutput.filter { $0 == "\n" }.count == 23)
    }
}
