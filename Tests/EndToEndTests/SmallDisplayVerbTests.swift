import FoundationEssentials
import KioskTesting
import Testing

/// LCDs and OLEDs from the command line: `render` and the config keys, run as the binary.
@Suite struct SmallDisplayVerbTests {
    @Test func renderDrawsAnOLEDPageAsAPictureOfThePanel() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.file("oled.png")
        let result = await KioskBinary.run(
            [
                "render", "--demo", "--display", "ssd1306", "--size", "128x32", "--page",
                "city", "--step", "2", "-o", output, "--config", directory.file("none.toml"),
            ])
        #expect(result.exitCode == 0)
        #expect(
            result.standardError
                == "Wrote the city page of Rome as a 128x32 SSD1306 OLED shows it (step 2 of 2) to \(output).\n"
        )
        // 4 pixels per OLED pixel and a margin of 8 around the panel.
        #expect(
            RenderVerbTests.pngSize(RenderVerbTests.read(output))! == (128 * 4 + 16, 32 * 4 + 16))
    }

    @Test func renderPrintsTheConfiguredLCDInTheTerminal() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml", "[display]\nkind = \"hd44780\"\ncolumns = 20\nrows = 4\n")
        let result = await KioskBinary.run(
            [
                "render", "--demo", "--page", "indoor", "--terminal", "--config",
                directory.file("config.toml"),
            ])
        #expect(result.exitCode == 0)
        #expect(
            result.standardOutput
                == """
                ┌────────────────────┐
                │Indoor         15:05│
                │t21.3° ◊46%         │
                │1014 hPa ↘falling   │
                │Dew point 9°        │
                └────────────────────┘

                """)
    }

    @Test(arguments: [
        (
            ["--display", "hd44780", "--size", "24x2"],
            "An hd44780 display is 16x2, 20x2, 16x4, 20x4, 40x2"
        ),
        (["--display", "oled"], "--display must be one of framebuffer, hd44780, ssd1306, sh1106"),
        (["--display", "hd44780", "--step", "0"], "--step counts from 1, not 0."),
        (["--display", "ssd1306", "--scale", "40"], "--scale must be from 1 to 16, not 40."),
    ])
    func badSmallDisplayArgumentsExitWithTwo(_ arguments: [String], _ message: String) async {
        let result = await KioskBinary.run(
            ["render", "--demo", "-o", "/tmp/unused.png", "--config", "/nonexistent/none.toml"]
                + arguments)
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains(message))
    }

    @Test func anUnsupportedLCDSizeIsAConfigErrorWithItsLine() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml", "[display]\nkind = \"hd44780\"\ncolumns = 24\naddress = 0x3f\n")
        let result = await KioskBinary.run(["config", "check", directory.file("config.toml")])
        #expect(result.exitCode == 2)
        #expect(
            result.standardError.contains(
                "config.toml, line 3: display.columns and display.rows make a 24x2 LCD, which the kiosk does not drive; an hd44780 display is 16x2, 20x2, 16x4, 20x4 or 40x2"
            ))
    }

    @Test func thePinMapIsSetLikeAnyTable() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "# LCD\n[display]\nkind = \"hd44780\"\n")
        let set = await KioskBinary.run(
            [
                "config", "set", "display.pin_map",
                "{ rs = 4, rw = 5, e = 6, backlight = 7, d4 = 0, d5 = 1, d6 = 2, d7 = 3 }",
                "--config", directory.file("config.toml"),
            ])
        #expect(set.exitCode == 0)
        // The table is written back as TOML parses it: keys in alphabetical order.
        #expect(
            directory.read("config.toml")
                == "# LCD\n[display]\nkind = \"hd44780\"\npin_map = { backlight = 7, d4 = 0, d5 = 1, d6 = 2, d7 = 3, e = 6, rs = 4, rw = 5 }\n"
        )
        let get = await KioskBinary.run(
            ["config", "get", "display.pin_map.e", "--config", directory.file("config.toml")])
        #expect(get.standardOutput == "6\n")
    }
}
