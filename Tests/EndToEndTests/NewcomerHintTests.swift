import KioskTesting
import Testing

/// What the built binary tells a newcomer on the simulator board: no made-up place as "the
/// kiosk's own", and no option passed over in silence.
@Suite struct NewcomerHintTests {
    @Test func doctorWithoutFavouritesSuggestsNoOtherPlace() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["doctor"])
        let station = result.standardOutput.split(separator: "\n").first {
            $0.hasPrefix("WARN  station")
        }
        let line = try #require(station, "\(result.standardOutput)")
        #expect(!line.contains("41.89"), "Rome's latitude is not this kiosk's: \(line)")
        #expect(!line.contains("Rome"), "\(line)")
        #expect(
            line.contains("set station.latitude and station.longitude to where the kiosk hangs"))
        #expect(line.contains("`weather-kiosk city search YOUR-TOWN` prints them"))

        // With a favourite, its place is the example, named as such.
        _ = await kiosk.run(["city", "add", "Reykjavík"])
        let example = await kiosk.run(["doctor"])
        #expect(
            example.standardOutput.contains(
                "`weather-kiosk config set station.latitude 64.13548` and `weather-kiosk config set"
                    + " station.longitude -21.89541` with the kiosk's own place (shown: Reykjavík's,"
                    + " the first favourite)."), "\(example.standardOutput)")
    }

    @Test func aDeviceTheSimulatedSensorCannotUseIsSaid() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["sensor", "--device", "/dev/i2c-7"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("BME280 at 0x76 on the simulated bus\n"))
        #expect(
            result.standardError
                == "--device /dev/i2c-7 is ignored: sensor.kind = \"simulated\" reads the simulated"
                + " BME280, which is on no I2C bus (set sensor.kind = \"bme280\" to read a real"
                + " one).\n")
    }
}
