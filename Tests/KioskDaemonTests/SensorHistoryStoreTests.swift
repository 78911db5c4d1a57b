import FoundationEssentials
import KioskCore
import KioskDaemon
import KioskTesting
import Testing

/// `sensor-history.json`: the `[[sensors]]`' histories through the state directory, byte
/// for byte, and a torn or foreign file is one sentence naming it, never a crash.
@Suite struct SensorHistoryStoreTests {
    static let written =
        #"{"sensors":[{"history":{"co2_ppm":{"samples":[{"time":1795000000,"value":850},"#
        + #"{"time":1795000300,"value":870.5}]},"temperature_c":{"samples":[{"time":1795000000,"value":21.25}]}},"#
        + #""kind":"scd4x","name":"Living room"},"#
        + #"{"history":{"temperature_c":{"samples":[{"time":1795000300,"value":-3.5}]}},"#
        + #""kind":"ds18b20","name":"Balcony"}]}"#

    @Test func aWrittenFileLoadsAndIsWrittenBackTheSame() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("sensor-history.json", Self.written)
        let archive = try StateStore(directory: directory.path).loadSensorHistory()
        let living = try #require(archive[.init(name: "Living room", kind: .scd4x)])
        #expect(living.carbonDioxide.samples.map(\.value) == [850, 870.5])
        #expect(
            living.temperature.samples.first?.time == Date(timeIntervalSince1970: 1_795_000_000))
        #expect(living.humidity.samples.isEmpty)
        let balcony = try #require(archive[.init(name: "Balcony", kind: .ds18b20)])
        #expect(balcony.temperature.samples.map(\.value) == [-3.5])
        #expect(archive[.init(name: "Balcony", kind: .sht4x)] == nil, "keyed by name and chip")
        let store = StateStore(directory: directory.file("new"))
        try store.save(archive)
        #expect(directory.read("new/sensor-history.json") == Self.written)
        #expect(try store.loadSensorHistory() == archive)
    }

    @Test func noFileIsNoHistory() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(try StateStore(directory: directory.path).loadSensorHistory().sensors.isEmpty)
    }

    @Test func samplesOutOfOrderOrOlderThanADayAreSortedAndPruned() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "sensor-history.json",
            #"{"sensors":[{"name":"Hall","kind":"sht4x","history":{"humidity_percent":{"samples":["#
                + #"{"time":1795090000,"value":40},{"time":1795000000,"value":60},{"time":1795089700,"value":41}]}}}]}"#
        )
        let archive = try StateStore(directory: directory.path).loadSensorHistory()
        let hall = try #require(archive[.init(name: "Hall", kind: .sht4x)])
        #expect(hall.humidity.samples.map(\.value) == [41, 40], "the one 25 h older is gone")
    }

    @Test(arguments: [
        String(written.prefix(120)),  // torn by a power cut
        #"{"sensors":[{"name":"Hall","kind":"bme999","history":{}}]}"#,  // a chip unknown here
        #"{"sensors":"none"}"#,
    ])
    func aFileThisVersionCannotReadIsOneSentenceNamingIt(_ text: String) {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("sensor-history.json", text)
        let store = StateStore(directory: directory.path)
        do {
            _ = try store.loadSensorHistory()
            Issue.record("\(text) was read")
        } catch {
            #expect(error.message.hasPrefix("\(store.sensorHistoryPath) is not a state file"))
            #expect(error.message.filter { $0 == "\n" }.isEmpty)
        }
        #expect(!directory.list().contains("sensor-history.json"), "moved aside")
        #expect((try? store.loadSensorHistory()) == SensorHistoryArchive())
    }
}
