import Devices
import FoundationEssentials
import Glibc
import KioskCore
import KioskTesting
import LinuxPlatform
import Simulator
import Testing

/// The DS18B20 driver over the real sysfs reader, on the kernel's layout recreated in a
/// directory from the simulated 1-Wire bus: the path the kiosk takes on a Pi.
@Suite struct OneWireFilesTests {
    /// Writes `bus`'s layout under `directory`.
    func lay(_ bus: SimulatedOneWireBus, in directory: TemporaryDirectory) {
        mkdir(directory.file("devices"), 0o755)
        mkdir(directory.file("devices/w1_bus_master1"), 0o755)
        for (path, text) in bus.layout() {
            let device = path.split(separator: "/")[0]
            mkdir(directory.file("devices/\(device)"), 0o755)
            directory.write("devices/\(path)", text)
        }
    }

    @Test func theOnlyThermometerIsReadThroughTheFiles() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let bus = SimulatedOneWireBus()
        let climate = SimulatedClimate(elevation: 34)
        let device = SimulatedDS18B20(
            air: .outdoor(climate, now: { .init(timeIntervalSince1970: 1_700_060_400) }))
        bus.attach(device, as: "28-0316a2794dff")
        lay(bus, in: directory)
        var driver = DS18B20(files: SysfsOneWireDevices(directory: directory.file("devices")))
        let reading = try await driver.read()
        let expected = climate.outdoorTemperature(at: .init(timeIntervalSince1970: 1_700_060_400))
        #expect(abs(reading.temperature.celsius - expected.celsius) < 0.07)  // 1/16 °C steps
        #expect(reading.device == "28-0316a2794dff")

        // An empty w1_slave (today's kernels after a failed CRC) names the real path.
        directory.write("devices/28-0316a2794dff/w1_slave", "")
        do {
            _ = try await driver.read()
            Issue.record("an empty w1_slave gave a reading")
        } catch {
            #expect(
                "\(error)".hasPrefix(
                    "Reading \(directory.file("devices/28-0316a2794dff/w1_slave")) returned nothing"
                ))
        }
    }
}
