import KioskTesting
import Testing

/// `doctor`'s findings that were still English (issue 33): each `[[sensors]]` line, the
/// MQTT line, and the closing count of problems, in the config's language.
@Suite struct DoctorLanguageTests {
    @Test func sensorsMQTTAndTheCountSpeakItalian() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml",
            "language = \"it\"\nstate_dir = \"\(directory.path)\"\n"
                + SensorConfigs.indoorCO2AndOutdoor)
        let result = await KioskBinary.run(["doctor", "--config", directory.file("config.toml")])
        let lines = result.standardOutput.split(separator: "\n")
        let sensors = lines.filter { $0.hasPrefix("OK    sensors ") }
        #expect(sensors.count == 2, "\(result.standardOutput)")
        #expect(
            sensors.first?.contains("Living room: SCD4x indoor (bus I2C 1, indirizzo 0x62): ")
                == true, "\(sensors)")
        #expect(sensors.first?.contains(" ppm CO2 (buona)") == true, "\(sensors)")
        #expect(sensors.first?.contains(#/[0-9],[0-9] °C, [0-9]+,[0-9] %\.$/#) == true)
        #expect(
            sensors.last?.contains("Balcony: DS18B20 outdoor (l’unico termometro 1-Wire): ")
                == true, "\(sensors)")
        #expect(
            lines.contains {
                $0.hasPrefix("SKIP  mqtt ")
                    && $0.hasSuffix("Nessuna tabella [mqtt]: Home Assistant è spento.")
            },
            "\(result.standardOutput)")
        // The network fails here (no DNS): the count of problems closes in Italian.
        if result.exitCode != 0 {
            #expect(
                result.standardError.contains(#/doctor ha trovato [0-9]+ problem[ai]; /#),
                "\(result.standardError)")
        }
    }
}
