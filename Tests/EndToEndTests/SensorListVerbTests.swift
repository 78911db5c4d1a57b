import KioskTesting
import Testing

/// The verbs of several sensors, run as the built binary: `sensor` with `[[sensors]]` on
/// the simulator board, `sensor scan`, `sensor decode --chip`.
@Suite struct SensorListVerbTests {
    @Test func jsonHasEachSensorWithItsCarbonDioxide() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml", "state_dir = \"\(directory.path)\"\n" + SensorConfigs.indoorCO2AndOutdoor
        )
        let result = await KioskBinary.run(
            ["sensor", "--json", "--config", directory.file("config.toml")])
        #expect(result.exitCode == 0)
        #expect(result.standardError.isEmpty)
        let output = result.standardOutput
        #expect(output.hasPrefix("[\n  {\n    \"chip\" : \"scd4x\",\n    \"co2_ppm\" : "))
        #expect(output.contains("\"name\" : \"Living room\",\n    \"role\" : \"indoor\""))
        #expect(
            output.contains(
                "\"chip\" : \"ds18b20\",\n    \"kind\" : \"ds18b20\",\n    \"name\" : \"Balcony\""))
        // `kind` as the config names it (what #34 fixes), `chip` as before.
        #expect(output.contains("\"kind\" : \"scd4x\""))
        #expect(output.contains("\"role\" : \"outdoor\",\n    \"temperature_c\" : "))
        #expect(!output.contains("\"error\""))

        let text = await KioskBinary.run(["sensor", "--config", directory.file("config.toml")])
        #expect(text.exitCode == 0)
        let lines = text.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Living room (SCD4x, indoor): ") == true)
        #expect(lines.first?.contains(" ppm CO2 (") == true)
        #expect(lines.last?.hasPrefix("Balcony (DS18B20, outdoor): ") == true)
    }

    @Test func scanFindsTheSimulatedSCD41() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", SensorConfigs.indoorCO2AndOutdoor)
        let config = ["--config", directory.file("config.toml")]
        let result = await KioskBinary.run(["sensor", "scan"] + config)
        #expect(result.exitCode == 0)
        #expect(
            result.standardOutput
                == "On the simulated bus 1:\n  0x62  SCD41, serial 0x9a3b7c2104e5  (kind = \"scd4x\")\n"
        )
        let empty = await KioskBinary.run(["sensor", "scan", "--bus", "3"] + config)
        #expect(empty.exitCode == 0)
        #expect(empty.standardOutput.hasPrefix("Nothing answers on the simulated bus 3 at 0x27,"))
        let bad = await KioskBinary.run(["sensor", "scan", "--bus", "300"] + config)
        #expect(bad.exitCode == 64 || bad.exitCode == 2)
    }

    @Test func scanOfABusThatIsNotThereIsOneSentence() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "board = \"raspberry-pi-4\"\n")
        let result = await KioskBinary.run(
            ["sensor", "scan", "--bus", "250", "--config", directory.file("config.toml")])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("/dev/i2c-250"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func decodeOfSensirionFramesFollowsTheVectors() async {
        // Vectors from Tests/DevicesTests/Fixtures/sensor_vectors.py (the datasheets' formulas).
        let sht3x = await KioskBinary.run(
            ["sensor", "decode", "--chip", "sht3x", "--json", "-"],
            input: "0x4f 0x55 0x1a 0x2c 0x3d 0x60\n0x1f 0x59 0x80 0xbd 0x08 0xe9\n")
        #expect(sht3x.exitCode == 0)
        #expect(sht3x.standardOutput.contains("\"temperature_c\" : 9.23170"))
        #expect(sht3x.standardOutput.contains("\"humidity_percent\" : 73.84145"))
        let scd4x = await KioskBinary.run(
            ["sensor", "decode", "--chip", "scd4x", "-"],
            input: "0x06 0x94 0x26 0x49 0xa4 0xf3 0x76 0xb3 0x0c\n")
        #expect(scd4x.exitCode == 0)
        #expect(scd4x.standardOutput == "1684 ppm CO2 (ventilate), 5.3 °C, 46.4 %\n")
        let json = await KioskBinary.run(
            ["sensor", "decode", "--chip", "scd4x", "--json", "-"],
            input: "0x06 0x94 0x26 0x49 0xa4 0xf3 0x76 0xb3 0x0c\n")
        #expect(json.standardOutput.contains("\"co2_ppm\" : 1684"))
    }

    @Test func scanAndDecodeSpeakTheReadersLanguage() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml", "language = \"it\"\n" + SensorConfigs.indoorCO2AndOutdoor)
        let config = ["--config", directory.file("config.toml")]
        let scan = await KioskBinary.run(["sensor", "scan"] + config)
        #expect(scan.exitCode == 0)
        #expect(
            scan.standardOutput
                == "Su bus simulato 1:\n  0x62  SCD41, numero di serie 0x9a3b7c2104e5  (kind = \"scd4x\")\n"
        )
        let empty = await KioskBinary.run(["sensor", "scan", "--bus", "3"] + config)
        #expect(
            empty.standardOutput.hasPrefix(
                "Non risponde nulla su bus simulato 3 agli indirizzi 0x27,"),
            "\(empty.standardOutput)")
        // Without a config's `language`, the system's: German words, a decimal comma.
        let frames = "0x06 0x94 0x26 0x49 0xa4 0xf3 0x76 0xb3 0x0c\n"
        let decoded = await KioskBinary.run(
            ["sensor", "decode", "--chip", "scd4x", "-"], environment: ["LANG": "de_DE.UTF-8"],
            input: frames + frames)
        #expect(decoded.exitCode == 0)
        #expect(
            decoded.standardOutput
                == "Frame 1: 1684 ppm CO2 (lüften), 5,3 °C, 46,4 %\nFrame 2: 1684 ppm CO2 (lüften), 5,3 °C, 46,4 %\n"
        )
        let json = await KioskBinary.run(
            ["sensor", "scan", "--json"] + config, environment: ["LANG": "fr_FR.UTF-8"])
        #expect(json.standardOutput.contains("\"description\" : \"SCD41, serial 0x9a3b7c2104e5\""))
    }

    @Test func aWrongCRCIsOneSentenceAndExitOne() async {
        let result = await KioskBinary.run(
            ["sensor", "decode", "--chip", "sht3x", "-"], input: "0x4f 0x55 0x1a 0x2c 0x3d 0x61\n")
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "standard input: In frame 1, word 2 of 2 (0x2c 0x3d) came with CRC 0x61, but the CRC-8 of those bytes is 0x60: the bytes are corrupted or not an sht3x reading, so nothing was decoded.\n"
        )
        let unknown = await KioskBinary.run(["sensor", "decode", "--chip", "sht85", "-"])
        #expect(unknown.exitCode != 0 && unknown.exitCode != 1)
        #expect(unknown.standardError.contains("--chip must be one of sht3x, sht4x, scd4x, bme280"))
    }

    @Test func doctorListsEachSensor() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml",
            "state_dir = \"\(directory.path)\"\n" + SensorConfigs.indoorCO2AndOutdoor)
        let result = await KioskBinary.run(["doctor", "--config", directory.file("config.toml")])
        let lines = result.standardOutput.split(separator: "\n").filter {
            $0.hasPrefix("OK    sensors ")
        }
        #expect(lines.count == 2, "\(result.standardOutput)")
        #expect(lines.first?.contains("Living room: SCD4x indoor at I2C bus 1 at 0x62: ") == true)
        #expect(lines.first?.contains(" ppm CO2 (") == true)
        #expect(
            lines.last?.contains("Balcony: DS18B20 outdoor at the only 1-Wire thermometer: ")
                == true)
    }
}
