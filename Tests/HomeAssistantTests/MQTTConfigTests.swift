import KioskTesting
import Testing

/// The `[mqtt]` keys through the binary: validated with lines, the password masked.
@Suite struct MQTTConfigTests {
    func check(_ table: String) async -> BinaryResult {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "# kiosk\n" + table)
        return await KioskBinary.run(["config", "check", directory.file("config.toml")])
    }

    @Test func badValuesAreRefusedWithTheirLines() async {
        let result = await check(
            """
            [mqtt]
            url = "http://broker.lan"
            password = "a"
            password_file = "relative/path"
            publish_interval_seconds = 1
            """)
        #expect(result.exitCode == 2)
        let errors = result.standardError
        #expect(errors.contains("line 3"), "\(errors)")
        #expect(
            errors.contains("mqtt.url must be mqtt://host:1883 or mqtts://host:8883"), "\(errors)")
        #expect(
            errors.contains("line 5")
                && errors.contains("mqtt.password_file must be an absolute path"))
        #expect(errors.contains("line 6") && errors.contains("mqtt.publish_interval_seconds"))
    }

    @Test func aTableWithoutURLOrWithTwoPasswordsIsRefused() async {
        let missing = await check("[mqtt]\nusername = \"kiosk\"\n")
        #expect(missing.exitCode == 2)
        #expect(missing.standardError.contains("[mqtt] needs a url"), "\(missing.standardError)")
        let both = await check(
            "[mqtt]\nurl = \"mqtt://b:1883\"\npassword = \"x\"\npassword_file = \"/etc/p\"\n")
        #expect(both.standardError.contains("both set"), "\(both.standardError)")
        let good = await check("[mqtt]\nurl = \"mqtts://[fd00::1]:8883\"\n")
        #expect(good.exitCode == 0, "\(good.standardError)")
    }

    @Test func configShowMasksThePassword() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml", "[mqtt]\nurl = \"mqtt://127.0.0.1:1883\"\npassword = \"hunter2\"\n")
        let text = await KioskBinary.run([
            "config", "show", "--config", directory.file("config.toml"),
        ])
        #expect(text.exitCode == 0, "\(text.standardError)")
        #expect(!text.standardOutput.contains("hunter2"))
        #expect(text.standardOutput.contains("password = \"********\""))
        let json = await KioskBinary.run([
            "config", "show", "--json", "--config", directory.file("config.toml"),
        ])
        #expect(!json.standardOutput.contains("hunter2"))
    }
}
