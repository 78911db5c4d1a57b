import FoundationEssentials
import KioskControl
import KioskCore
import KioskTesting
import Testing

/// The live kiosk with a simulated SCD41 indoors and a DS18B20 outdoors on the simulator
/// board: both read side by side, in `status --json` and its text.
@Suite struct SensorDaemonTests {
    @Test func anSCD41AndADS18B20ShowInStatus() async throws {
        let daemon = try await DaemonFixture.start(
            extra: threeCities + SensorConfigs.indoorCO2AndOutdoor)
        defer { Task { await daemon.stop() } }
        let status = await daemon.waitFor("both sensors' readings") { status in
            (status.sensors ?? []).count == 2
                && (status.sensors ?? []).allSatisfy { $0.values != nil }
        }
        let sensors = try #require(status?.sensors)
        #expect(sensors.map(\.name) == ["Living room", "Balcony"])
        #expect(sensors[0].role == .indoor && sensors[0].chip == .scd4x)
        let co2 = try #require(sensors[0].values?.carbonDioxide)
        #expect(co2.partsPerMillion > 300 && co2.partsPerMillion < 3000)
        #expect(sensors[0].co2Band == co2.band)
        #expect(sensors[1].role == .outdoor && sensors[1].values?.temperature != nil)
        #expect(sensors.allSatisfy { $0.error == nil })
        // The indoor BME280 of the [sensor] table reads on as before.
        #expect(status?.sensor.temperature != nil)

        let json = await daemon.run(["status", "--json"])
        #expect(json.standardOutput.contains("\"co2_ppm\""))
        #expect(json.standardOutput.contains("\"co2_band\""))
        let text = await daemon.run(["status"])
        #expect(text.standardOutput.contains("Living room (SCD4x, indoor): "))
        #expect(text.standardOutput.contains("Balcony (DS18B20, outdoor): "))
    }
}
