import KioskCore
import KioskTesting
import LinuxPlatform
import Testing

@Suite("spidev and libgpiod adapters for e-paper panels")
struct EPaperAdapterTests {
    @Test("spidev's bufsiz comes from the module parameter, 4096 when it cannot be read")
    func bufferSize() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("bufsiz", "65536\n")
        #expect(LinuxSPIDevice.kernelBufferSize(parameter: directory.file("bufsiz")) == 65536)
        directory.write("garbage", "lots\n")
        #expect(LinuxSPIDevice.kernelBufferSize(parameter: directory.file("garbage")) == 4096)
        #expect(LinuxSPIDevice.kernelBufferSize(parameter: directory.file("missing")) == 4096)
    }

    @Test("No spidev: the sentence names the device and says how to turn SPI on")
    func missingDevice() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let spi = LinuxSPIDevice(path: directory.file("spidev0.0"))
        let error = await #expect(throws: DeviceError.self) { try await spi.write([0x12]) }
        #expect(
            error?.description
                == "Cannot open \(directory.file("spidev0.0")): no such file or directory; turn SPI on (dtparam=spi=on and dtoverlay=spi0-0cs in /boot/firmware/config.txt) and reboot."
        )
    }

    @Test("A file that is not an spidev device is named as such")
    func notSPI() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("plain", "")
        let spi = LinuxSPIDevice(path: directory.file("plain"), speedHz: 1_000_000)
        let error = await #expect(throws: DeviceError.self) { try await spi.write([0x12]) }
        #expect(error?.description.hasPrefix("Cannot set mode 0 at 1000000 Hz on ") == true)
        #expect(error?.description.hasSuffix("it is not an spidev device.") == true)
    }

    @Test("No GPIO chips: the pin and its job are named, with the chips there are")
    func noChips() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let lines = GPIODPanelLines(
            reset: "GPIO27", dataCommand: "GPIO22", chipSelect: "GPIO8", busy: "GPIO17",
            chipDirectory: directory.path)
        #expect(lines.name(of: .busy) == "GPIO17")
        let error = await #expect(throws: DeviceError.self) {
            try await lines.set(.reset, high: false)
        }
        #expect(
            error?.description
                == "No GPIO line is named \"GPIO27\" (the e-paper panel's reset pin); there is no \(directory.path)/gpiochip* device here (not a Raspberry Pi, or no GPIO driver loaded)."
        )
        let waited = await #expect(throws: DeviceError.self) {
            _ = try await lines.waitForBusy(toRead: true, timeout: .seconds(1))
        }
        #expect(waited != nil)
    }
}
