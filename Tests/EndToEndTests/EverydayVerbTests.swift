import KioskCore
import KioskTesting
import Testing

/// The everyday verbs as a user types them: negative numbers, `--config` before the verb,
/// exit codes a script can rely on, and values printed as they were written.
@Suite struct EverydayVerbTests {
    @Test func negativeNumbersNeedNoDoubleDash() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let config = ["--config", directory.file("config.toml")]
        let offset = await KioskBinary.run(
            ["config", "set", "sensor.temperature_offset", "-2.5"] + config)
        #expect(offset.exitCode == 0, "\(offset.standardError)")
        #expect(offset.standardOutput == "sensor.temperature_offset = -2.5 (was 0.0)\n")
        let longitude = await KioskBinary.run(
            config + ["config", "set", "station.longitude", "-73.99"])
        #expect(longitude.exitCode == 0, "\(longitude.standardError)")
        let file = directory.read("config.toml") ?? ""
        #expect(file.contains("temperature_offset = -2.5"))
        #expect(file.contains("longitude = -73.99"))

        let help = await KioskBinary.run(["config", "set", "station.longitude", "--help"])
        #expect(help.exitCode == 0)
        #expect(help.standardOutput.contains("OVERVIEW: Change one value"))
        let missing = await KioskBinary.run(["config", "set", "station.longitude"] + config)
        #expect(missing.exitCode == 2)
        #expect(missing.standardError.contains("Missing the value"))
        let two = await KioskBinary.run(["config", "set", "station.name", "a", "b"] + config)
        #expect(two.exitCode == 2)
        for (key, text) in [
            ("station.latitude", "0x10"), ("station.latitude", "nan"),
            ("display.cycle_seconds", "0x1e"),
            ("sensor.temperature_offset", "1e1"), ("display.cycle_seconds", "2.0"),
        ] {
            let refused = await KioskBinary.run(["config", "set", key, text] + config)
            #expect(refused.exitCode == 2, "\(key) \(text)")
        }
        let half = await KioskBinary.run(
            ["config", "set", "sensor.cpu_heat_factor", ".5"] + config)
        #expect(half.standardOutput == "sensor.cpu_heat_factor = 0.5 (was 0.0)\n")
    }

    @Test func configBeforeTheVerb() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "a.toml",
            "[station]\nname = \"Alpha\"\n[control]\nsocket = \"\(directory.file("a.sock"))\"\n")
        directory.write("b.toml", "[station]\nname = \"Bravo\"\n")
        let before = await KioskBinary.run(
            ["--config", directory.file("a.toml"), "config", "get", "station.name"])
        #expect(before.exitCode == 0, "\(before.standardError)")
        #expect(before.standardOutput == "Alpha\n")
        let equals = await KioskBinary.run(
            ["--config=" + directory.file("a.toml"), "config", "get", "station.name"])
        #expect(equals.standardOutput == "Alpha\n")
        let both = await KioskBinary.run([
            "--config", directory.file("a.toml"), "config", "get", "station.name", "--config",
            directory.file("b.toml"),
        ])
        #expect(both.standardOutput == "Bravo\n", "the verb's own --config wins")
        let status = await KioskBinary.run(["--config", directory.file("a.toml"), "status"])
        #expect(status.exitCode == 3, "\(status.standardError)")
        #expect(status.standardError.contains(directory.file("a.sock")))
        let noPath = await KioskBinary.run(["--config"])
        #expect(noPath.exitCode == 2)
    }

    @Test func cityByCoordinatesTakesNegativeDecimalsOnly() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let config = ["--config", directory.file("config.toml")]
        let sydney = await KioskBinary.run(
            ["city", "add", "--name", "Sydney", "--lat", "-33.9", "--lon", "151.2"] + config)
        #expect(sydney.exitCode == 0, "\(sydney.standardError)")
        #expect(sydney.standardOutput == "Added Sydney (-33.9000, 151.2000) as favourite 1.\n")
        for (lat, lon) in [("0x10", "1"), ("1", "nan"), ("1e1", "2")] {
            let refused = await KioskBinary.run(
                ["city", "add", "--name", "X", "--lat", lat, "--lon", lon] + config)
            #expect(refused.exitCode == 2, "--lat \(lat) --lon \(lon)")
        }
        let long = String(repeating: "n", count: 101)
        let tooLong = await KioskBinary.run(
            ["city", "add", "--name", long, "--lat", "1", "--lon", "2"] + config)
        #expect(tooLong.exitCode == 2)
        #expect(tooLong.standardError.contains("is 101 characters long; a name has at most 100"))
        #expect(directory.read("config.toml")?.contains("nnnn") == false)
    }

    @Test func controlCharactersInNamesAreEscaped() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let config = ["--config", directory.file("config.toml")]
        let added = await KioskBinary.run(
            ["city", "add", "--name", "Evil\u{1B}[2J\u{9B}31m", "--lat", "1", "--lon", "2"]
                + config)
        #expect(added.exitCode == 0)
        let list = await KioskBinary.run(["city", "list"] + config)
        let show = await KioskBinary.run(["config", "get", "station.name"] + config)
        for output in [added.standardOutput, list.standardOutput, show.standardOutput] {
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
        }
        #expect(list.standardOutput.contains("Evil\\x1B[2J\\x9B31m"))
        let unknown = await KioskBinary.run(["city", "remove", "\u{1B}]0;x\u{7}"] + config)
        #expect(unknown.exitCode == 2)
        #expect(!unknown.standardError.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
    }

    /// A geocoding server's names with a line break and a right-to-left override: each
    /// stays on its line, visible, in `city search`, `city add` and `city list`.
    @Test func lineBreaksAndBidiControlsFromTheServerAreEscaped() async throws {
        let body =
            #"{"results":[{"id":7,"name":"Evil\nFake row\u202Egnp.exe","latitude":1.5,"longitude":2.5,"country":"Over\u2028there","admin1":"A\u2066B"}]}"#
        let server = try await LoopbackHTTPServer.start { _ in .json(body) }
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml",
            "[forecast]\nbase_url = \"\(server.baseURL)\"\ngeocoding_url = \"\(server.baseURL)\"\n")
        let config = ["--config", directory.file("config.toml")]
        let search = await KioskBinary.run(["city", "search", "Evil"] + config)
        let added = await KioskBinary.run(["city", "add", "Evil"] + config)
        let list = await KioskBinary.run(["city", "list"] + config)
        await server.stop()
        #expect(search.exitCode == 0 && added.exitCode == 0, "\(added.standardError)")
        for output in [search.standardOutput, added.standardOutput, list.standardOutput] {
            #expect(
                !output.unicodeScalars.contains { [0x202E, 0x2028, 0x2066].contains($0.value) },
                "\(output)")
            #expect(!output.contains("Evil\nFake row"), "\(output)")
        }
        #expect(
            list.standardOutput.contains("Evil\\x0AFake row\\u{202E}gnp.exe"),
            "\(list.standardOutput)")
        #expect(search.standardOutput.contains("Over\\u{2028}there"), "\(search.standardOutput)")
    }

    @Test func nightModeAloneGetsTheDefaultWindow() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "# mine\n")
        let result = await KioskBinary.run(
            [
                "config", "set", "display.night.mode", "dim", "--config",
                directory.file("config.toml"),
            ])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == "display.night = { from = \"23:00\", to = \"06:30\", mode = \"dim\" }\n")
        #expect(
            directory.read("config.toml")
                == "# mine\n\n[display]\nnight = { from = \"23:00\", to = \"06:30\", mode = \"dim\" }\n"
        )
        let from = await KioskBinary.run(
            [
                "config", "set", "display.night.from", "22:00", "--config",
                directory.file("config.toml"),
            ])
        #expect(
            from.standardOutput.contains("{ from = \"22:00\", to = \"06:30\", mode = \"dim\" }"))
    }

    @Test func addressesPrintAsWritten() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "[sensor]\naddress = 0x77\n")
        let config = ["--config", directory.file("config.toml")]
        let get = await KioskBinary.run(["config", "get", "sensor.address"] + config)
        #expect(get.standardOutput == "0x77\n")
        let show = await KioskBinary.run(["config", "show"] + config)
        #expect(show.standardOutput.contains("\naddress = 0x77\n"))
        let json = await KioskBinary.run(["config", "get", "sensor.address", "--json"] + config)
        #expect(json.standardOutput == "119\n")
        let set = await KioskBinary.run(["config", "set", "sensor.address", "0x76"] + config)
        #expect(set.standardOutput == "sensor.address = 0x76 (was 0x77)\n")
        #expect(directory.read("config.toml") == "[sensor]\naddress = 0x76\n")
        let unset = await KioskBinary.run(["config", "unset", "sensor.address"] + config)
        #expect(unset.standardOutput.hasSuffix("it is now default 0x76.\n"))
        let byDefault = await KioskBinary.run(["config", "get", "sensor.address"] + config)
        #expect(byDefault.standardOutput == "0x76\n")
    }

    @Test func brokenBaseURLIsRefusedWithItsLine() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "[forecast]\n\nbase_url = \"http://[::1\"\n")
        let result = await KioskBinary.run(["config", "check", directory.file("config.toml")])
        #expect(result.exitCode == 2)
        #expect(
            result.standardError.contains(
                "config.toml, line 3: forecast.base_url has an IPv6 address without its closing"))
    }

    @Test func sensorDecodeCapsStandardInput() async {
        let script = "head -c 1100000 /dev/zero | tr '\\0' 'a' | \"$0\" sensor decode -"
        let result = await ExternalProgram.run("/bin/sh", ["-c", script, KioskBinary.path])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("Standard input has more than 1 MiB"))
    }

    /// Failures whose sentences are built from parts end in one full stop.
    @Test func noSentenceEndsInDoubledPunctuation() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("short.txt", "00: 00 11\n")
        directory.write("config.toml", "[forecast]\nbase_url = \"http://[::1\"\n")
        directory.write(
            "good.toml", "[control]\nsocket = \"\(directory.file("control.sock"))\"\n")
        let config = ["--config", directory.file("good.toml")]
        // Every run on a config of its own: never the system's, never a live kiosk's.
        let runs: [[String]] = [
            ["sensor", "decode", directory.file("short.txt")],
            ["sensor", "decode", directory.file("none.txt")],
            ["render", "--demo", "--framebuffer", "/dev/null"] + config,
            ["render", "--demo", "-o", directory.file("missing/dir/x.png")] + config,
            ["config", "check", directory.file("config.toml")] + config,
            ["config", "get", "display.cycle_secnds"] + config,
            ["config", "set", "display.cycle_seconds", "0"] + config,
            ["city", "remove", "Nowhere"] + config,
            ["status"] + config,
        ]
        for arguments in runs {
            let result = await KioskBinary.run(arguments)
            #expect(result.exitCode != 0, "\(arguments)")
            #expect(!result.standardError.isEmpty, "\(arguments)")
            for line in result.standardError.split(separator: "\n") {
                #expect(!Sentence.hasDoubledPunctuation(String(line)), "\(arguments): \(line)")
            }
        }
    }
}
