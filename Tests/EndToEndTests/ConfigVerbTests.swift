import KioskTesting
import Testing

/// The config and offline city verbs, run as the built binary with `--config`.
@Suite struct ConfigVerbTests {
    @Test func setChangesOneLineAndKeepsComments() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let original = """
            # my kiosk
            [display]   # the screen
            cycle_seconds = 15    # seconds
            theme = "dark"

            """
        directory.write("config.toml", original)
        let result = await KioskBinary.run(
            [
                "config", "set", "display.cycle_seconds", "30", "--config",
                directory.file("config.toml"),
            ])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "display.cycle_seconds = 30 (was 15)\n")
        #expect(
            directory.read("config.toml")
                == original.replacing("cycle_seconds = 15 ", with: "cycle_seconds = 30 "))
    }

    @Test func invalidSetIsRefusedWithLineAndExitTwo() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "[display]\ncycle_seconds = 15\n")
        let result = await KioskBinary.run(
            ["config", "set", "display.cycle_seconds", "0"],
            environment: ["WEATHER_KIOSK_CONFIG": directory.file("config.toml")])
        #expect(result.exitCode == 2)
        #expect(
            result.standardError.contains(
                "config.toml, line 2: display.cycle_seconds must be a whole number from 2 to 3600 seconds, not 0."
            ))
        #expect(directory.read("config.toml") == "[display]\ncycle_seconds = 15\n")
    }

    @Test func checkReportsEveryProblem() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("bad.toml", "[units]\nwind = \"knots\"\n[displya]\nkind = \"png\"\n")
        let result = await KioskBinary.run(["config", "check", directory.file("bad.toml")])
        #expect(result.exitCode == 2)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("bad.toml, line 2: units.wind must be one of") == true)
        #expect(
            lines.last?.contains("bad.toml, line 3: unknown key displya (did you mean display?)")
                == true)
    }

    @Test func checkOfAValidFile() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "good.toml", "[[cities]]\nname = \"Rome\"\nlatitude = 41.9\nlongitude = 12.5\n")
        let result = await KioskBinary.run(["config", "check", directory.file("good.toml")])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("good.toml is valid: board simulator, 1 favourite."))
    }

    @Test func getPrintsEffectiveValues() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let config = ["--config", directory.file("none.toml")]
        let kind = await KioskBinary.run(["config", "get", "display.kind"] + config)
        #expect(kind.standardOutput == "terminal\n")
        let pages = await KioskBinary.run(["config", "get", "display.pages", "--json"] + config)
        #expect(pages.standardOutput == "[\"city\",\"hourly\",\"indoor\",\"map\"]\n")
        let unknown = await KioskBinary.run(["config", "get", "display.cycle_secnds"] + config)
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("did you mean display.cycle_seconds?"))
    }

    @Test func sensorsAreShownAndGot() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml",
            "[[sensors]]\nkind = \"scd4x\"\nname = \"Living room\"\n\n"
                + "[[sensors]]\nkind = \"ds18b20\"\nrole = \"outdoor\"\nname = \"Balcony\"\n")
        let config = ["--config", directory.file("config.toml")]
        let show = await KioskBinary.run(["config", "show"] + config)
        #expect(show.exitCode == 0)
        #expect(
            show.standardOutput.contains(
                "[[sensors]]\nkind = \"scd4x\"\nrole = \"indoor\"\nname = \"Living room\"\nbus = 1\naddress = 0x62\n"
            ))
        #expect(
            show.standardOutput.contains(
                "[[sensors]]\nkind = \"ds18b20\"\nrole = \"outdoor\"\nname = \"Balcony\"\n"))
        let get = await KioskBinary.run(["config", "get", "sensors", "--json"] + config)
        #expect(
            get.standardOutput
                == "[{\"address\":98,\"bus\":1,\"kind\":\"scd4x\",\"name\":\"Living room\",\"role\":\"indoor\"},"
                + "{\"kind\":\"ds18b20\",\"name\":\"Balcony\",\"role\":\"outdoor\"}]\n")
        // Without [[sensors]] the [sensor] table's chip is the one indoor sensor.
        let legacy = await KioskBinary.run([
            "config", "get", "sensors", "--config", directory.file("none.toml"),
        ])
        #expect(
            legacy.standardOutput
                == "{ kind = \"bme280\", role = \"indoor\", name = \"indoor\", bus = 1, address = 118 }\n"
        )
        directory.write("bad.toml", "[[sensors]]\nkind = \"scd4x\"\naddress = 0x61\n")
        let bad = await KioskBinary.run(["config", "check", directory.file("bad.toml")])
        #expect(bad.exitCode == 2)
        #expect(
            bad.standardError.contains(
                "bad.toml, line 3: sensors[1].address must be 0x62 for an SCD4x, not 0x61"))
    }

    @Test func editInstallsAValidEditAndRefusesAnInvalidOne() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "[display]\ncycle_seconds = 15\n")
        let config = ["--config", directory.file("config.toml")]
        let bad = await KioskBinary.run(
            ["config", "edit"] + config,
            environment: ["EDITOR": "sed -i s/15/1/"])
        #expect(bad.exitCode == 2)
        #expect(bad.standardError.contains("line 2: display.cycle_seconds must be a whole number"))
        #expect(directory.read("config.toml") == "[display]\ncycle_seconds = 15\n")
        let good = await KioskBinary.run(
            ["config", "edit"] + config,
            environment: ["EDITOR": "sed -i s/15/45/"])
        #expect(good.exitCode == 0)
        #expect(directory.read("config.toml") == "[display]\ncycle_seconds = 45\n")
        #expect(directory.list() == ["config.toml"])
    }

    @Test func cityVerbsWithoutNetwork() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let config = ["--config", directory.file("config.toml")]
        let add = await KioskBinary.run(
            ["city", "add", "--name", "São Paulo", "--lat", "-23.5475", "--lon", "-46.63611"]
                + config)
        #expect(add.exitCode == 0)
        #expect(add.standardOutput == "Added São Paulo (-23.5475, -46.6361) as favourite 1.\n")
        _ = await KioskBinary.run(
            ["city", "add", "--name", "Rome", "--lat", "41.89193", "--lon", "12.51133"] + config)
        let again = await KioskBinary.run(
            ["city", "add", "--name", "Roma", "--lat", "41.8925", "--lon", "12.5105"] + config)
        #expect(again.standardOutput == "Rome is already favourite 2; nothing changed.\n")
        let move = await KioskBinary.run(["city", "move", "rome", "1"] + config)
        #expect(move.standardOutput == "Moved Rome from 2 to 1.\n")
        let list = await KioskBinary.run(["city", "list"] + config)
        #expect(
            list.standardOutput
                == "1  Rome       41.8919, 12.5113\n2  São Paulo  -23.5475, -46.6361\n")
        let remove = await KioskBinary.run(["city", "remove", "SAO PAULO"] + config)
        #expect(remove.standardOutput == "Removed São Paulo.\n")
        let missing = await KioskBinary.run(["city", "remove", "Paris"] + config)
        #expect(missing.exitCode == 2)
        #expect(
            missing.standardError
                == "No favourite is named \"Paris\"; `weather-kiosk city list` shows them.\n")
    }

    @Test func unwritableConfigIsARuntimeFailureThatNamesTheFile() async {
        let result = await KioskBinary.run(
            [
                "city", "add", "--name", "X", "--lat", "1", "--lon", "2", "--config",
                "/proc/weather-kiosk/config.toml",
            ])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("/proc/weather-kiosk"))
    }

    @Test func usageErrorsExitTwo() async {
        let result = await KioskBinary.run(["city", "move", "1"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("Missing expected argument"))
    }
}
