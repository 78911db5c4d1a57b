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
        #expect(json.standardOutput.contains("\"kind\" : \"scd4x\""))
        let text = await daemon.run(["status"])
        #expect(text.standardOutput.contains("Living room (SCD4x, indoor): "))
        #expect(text.standardOutput.contains("Balcony (DS18B20, outdoor): "))
    }
}

/// The `[[sensors]]`' histories kept in `state/sensor-history.json` across restarts of the
/// built daemon: the same oldest sample after a restart, a 3-hour tendency from the file
/// at once, a sensor gone from the config dropped, a torn file one logged sentence.
@Suite struct SensorHistoryRestartTests {
    static func living(_ status: KioskStatus?) -> KioskStatus.SensorEntryStatus? {
        status?.sensors?.first { $0.name == "Living room" }
    }

    static func allRead(_ status: KioskStatus) -> Bool {
        let sensors = status.sensors ?? []
        return sensors.count == 2 && sensors.allSatisfy { $0.values != nil }
    }

    /// Three hours of CO2 for "Living room" up to a minute ago, starting at 300 ppm (below
    /// anything the simulated SCD41 measures, so that its next reading makes a rise), and a
    /// temperature an hour ago of an "Attic" SHT4x the config does not have.
    static func threeHoursBefore(_ now: Date) -> String {
        var co2: [String] = []
        for step in 0...36 {
            let time = Int(now.timeIntervalSince1970) - 60 - (36 - step) * 300
            co2.append(#"{"time":\#(time),"value":\#(300 + step)}"#)
        }
        let attic = Int(now.timeIntervalSince1970) - 3600
        return
            #"{"sensors":[{"name":"Living room","kind":"scd4x","history":{"co2_ppm":{"samples":["#
            + co2.joined(separator: ",") + "]}}},"
            + #"{"name":"Attic","kind":"sht4x","history":{"temperature_c":{"samples":[{"time":\#(attic),"value":30}]}}}]}"#
    }

    @Test func theHistoriesSurviveARestart() async throws {
        let first = try await DaemonFixture.start(
            extra: threeCities + SensorConfigs.indoorCO2AndOutdoor)
        defer { Task { await first.stop() } }
        let before = await first.waitFor("both sensors' readings", Self.allRead)
        #expect(before?.sensors?.allSatisfy { $0.historySince != nil } == true)
        #expect(await first.terminate().exitCode == 0)
        let file = try #require(first.kiosk.directory.read("state/sensor-history.json"))
        #expect(file.contains(#""name":"Living room""#) && file.contains(#""name":"Balcony""#))

        // A file with three hours in it: the CO2 tile's tendency is back at once, and the
        // sensor the config no longer has is dropped from the file written at the stop.
        first.kiosk.directory.write(
            "state/sensor-history.json", Self.threeHoursBefore(Date()))
        let second = first.restarted()
        let rising = await second.waitFor("the restored CO2 tendency") {
            Self.allRead($0) && Self.living($0)?.co2Tendency == .rising
        }
        let since = Self.living(rising)?.historySince
        #expect((Self.living(rising)?.historySamples ?? 0) >= 37)
        #expect(await second.terminate().exitCode == 0)
        let kept = try #require(first.kiosk.directory.read("state/sensor-history.json"))
        #expect(kept.contains(#""name":"Living room""#) && !kept.contains("Attic"))

        // Started again from the file that daemon wrote: the same three hours and more.
        let third = first.restarted()
        let again = await third.waitFor("the CO2 tendency after a restart") {
            Self.allRead($0) && Self.living($0)?.co2Tendency == .rising
        }
        #expect(since != nil && Self.living(again)?.historySince == since)
        #expect(await third.terminate().exitCode == 0)

        // A torn file: one logged sentence naming it, and the kiosk reads on afresh.
        first.kiosk.directory.write("state/sensor-history.json", String(kept.prefix(100)))
        let restart = Date().addingTimeInterval(-1)
        let fourth = first.restarted()
        let afresh = await fourth.waitFor("readings after a torn file", Self.allRead)
        let fresh = Self.living(afresh)?.historySince ?? .distantPast
        #expect(fresh >= restart, "the history starts now, not \(fresh)")
        #expect(Self.living(afresh)?.co2Tendency == nil)
        let log = first.kiosk.directory.read("kiosk.log") ?? ""
        let lines = log.split(separator: "\n").filter { $0.contains("sensor-history.json") }
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains("is not a state file this version reads") == true)
        #expect(await fourth.terminate().exitCode == 0)
    }
}
