import Glibc
import KioskCore
import KioskTesting
import LinuxPlatform
import Testing

/// The sysfs 1-Wire reader on real files laid out as the kernel does.
@Suite struct SysfsOneWireTests {
    @Test func theDevicesDirectoryIsListedAndItsFilesRead() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let devices = directory.file("devices")
        mkdir(devices, 0o755)
        mkdir("\(devices)/28-0316a2794dff", 0o755)
        mkdir("\(devices)/w1_bus_master1", 0o755)
        directory.write(
            "devices/28-0316a2794dff/w1_slave",
            "72 01 4b 46 7f ff 0e 10 57 : crc=57 YES\n72 01 4b 46 7f ff 0e 10 57 t=23125\n")
        let files = SysfsOneWireDevices(directory: devices)
        #expect(try await files.deviceNames() == ["28-0316a2794dff", "w1_bus_master1"])
        #expect(
            try await files.read("w1_slave", device: "28-0316a2794dff")?.hasSuffix("t=23125\n")
                == true)
        #expect(try await files.read("temperature", device: "28-0316a2794dff") == nil)
        #expect(try await files.read("w1_slave", device: "28-000000000000") == nil)
    }

    @Test func noDevicesDirectorySaysHowToTurnOneWireOn() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let files = SysfsOneWireDevices(directory: directory.file("w1/devices"))
        do {
            _ = try await files.deviceNames()
            Issue.record("a missing directory was listed")
        } catch {
            #expect(
                "\(error)"
                    == "There is no \(directory.file("w1/devices")): no 1-Wire bus master is loaded; add dtoverlay=w1-gpio (data on GPIO4) to /boot/firmware/config.txt and reboot."
            )
        }
    }

    @Test func aConfiguredDevicePathNamesItsDirectoryAndDevice() {
        let (files, name) = SysfsOneWireDevices.forDevice("/sys/bus/w1/devices/28-0316a2794dff")
        #expect(files.directory == "/sys/bus/w1/devices")
        #expect(name == "28-0316a2794dff")
    }
}
