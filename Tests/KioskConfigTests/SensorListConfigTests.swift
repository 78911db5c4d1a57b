import KioskConfig
import KioskCore
import Testing

/// `[[sensors]]`: several chips at once, and `[sensor]` still one indoor chip.
@Suite struct SensorListConfigTests {
    private func resolve(_ text: String) throws(ConfigFileError) -> KioskConfiguration {
        try ConfigStore.resolve(ConfigDocument(file: "/etc/wk.toml", text: text))
    }

    private func problems(_ text: String) -> [ConfigFileError.Problem] {
        do {
            _ = try resolve(text)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func anSCD41IndoorAndADS18B20OutdoorResolve() throws {
        let configuration = try resolve(
            """
            [[sensors]]
            kind = "scd4x"
            name = "Living room"

            [[sensors]]
            kind = "ds18b20"
            role = "outdoor"
            name = "Balcony"
            device = "/sys/bus/w1/devices/28-0316a2794dff"
            """)
        #expect(
            configuration.activeSensors == [
                SensorEntry(
                    model: .scd4x, role: .indoor, name: "Living room", bus: 1, address: 0x62),
                SensorEntry(
                    model: .ds18b20, role: .outdoor, name: "Balcony",
                    device: "/sys/bus/w1/devices/28-0316a2794dff"),
            ])
        #expect(configuration.activeSensors[0].location == "I2C bus 1 at 0x62")
    }

    @Test func theSensorTableIsStillOneIndoorSensor() throws {
        let configuration = try resolve("[sensor]\nkind = \"bme280\"\nbus = 3\naddress = 0x77\n")
        #expect(configuration.sensors.isEmpty)
        #expect(
            configuration.activeSensors == [
                SensorEntry(model: .bme280, role: .indoor, name: "indoor", bus: 3, address: 0x77)
            ])
        #expect(try resolve("[sensor]\nkind = \"none\"\n").activeSensors.isEmpty)
    }

    @Test(arguments: [
        ("[[sensors]]\nrole = \"outdoor\"\n", 1, "sensors[1] needs a kind"),
        (
            "[[sensors]]\nkind = \"scd41\"\n", 2,
            "sensors[1].kind must be one of \"bme280\", \"bmp280\", \"sht3x\", \"sht4x\", \"scd4x\", \"bme680\", \"ds18b20\", not \"scd41\" (did you mean \"scd4x\"?)"
        ),
        (
            "[[sensors]]\nkind = \"sht3x\"\nrole = \"attic\"\n", 3,
            "sensors[1].role must be one of \"indoor\", \"outdoor\", not \"attic\""
        ),
        (
            "[[sensors]]\nkind = \"scd4x\"\naddress = 0x76\n", 3,
            "sensors[1].address must be 0x62 for an SCD4x, not 0x76"
        ),
        (
            "[[sensors]]\nkind = \"ds18b20\"\nbus = 1\n", 3,
            "sensors[1].bus is for I2C chips; a DS18B20 is found by device"
        ),
        (
            "[[sensors]]\nkind = \"sht4x\"\ndevice = \"/sys/bus/w1/devices/28-1\"\n", 3,
            "sensors[1].device is for a DS18B20"
        ),
        ("[[sensors]]\nkind = \"sht4x\"\ncolour = 1\n", 3, "unknown key sensors[1].colour"),
        (
            "[[sensors]]\nkind = \"sht4x\"\n[[sensors]]\nkind = \"sht3x\"\naddress = 0x45\nname = \"indoor\"\n",
            6, "sensors[2].name \"indoor\" is also sensors[1]'s name"
        ),
        (
            "[[sensors]]\nkind = \"sht4x\"\n[[sensors]]\nkind = \"sht3x\"\nname = \"b\"\n", 3,
            "sensors[2] is on I2C bus 1 at 0x44 like sensors[1]"
        ),
    ])
    func refusalsNameTheEntryAndLine(text: String, line: Int, message: String) {
        let found = problems(text)
        #expect(found.count == 1)
        #expect(found.first?.line == line)
        #expect(found.first?.message.contains(message) == true, "\(found)")
    }
}
