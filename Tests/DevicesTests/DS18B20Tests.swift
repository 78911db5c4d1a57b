import Devices
import KioskCore
import Simulator
import Synchronization
import Testing

/// The DS18B20 through the kernel's w1-therm files: the text formats against the vectors
/// from the datasheet and the kernel's format, and the driver against the simulated
/// 1-Wire directory.
@Suite struct DS18B20Tests {
    let outdoors = SimulatedAir.fixed(
        temperature: Temperature(celsius: -3.0625), humidity: 80,
        carbonDioxide: CarbonDioxide(partsPerMillion: 420), pressure: Pressure(pascals: 100_000))

    @Test func scratchpadsCRCsAndTheKernelsTextMatchTheVectors() throws {
        let vectors = try SensorVectors.load().ds18b20
        #expect(vectors.count == 9)
        for vector in vectors {
            #expect(DallasCRC.checksum(vector.scratchpad[0..<8]) == vector.crc)
            #expect(W1ThermText.millidegrees(scratchpad: vector.scratchpad) == vector.millidegrees)
            #expect(W1ThermText.renderSlave(scratchpad: vector.scratchpad) == vector.w1Slave)
            let slave = try W1ThermText.slave(vector.w1Slave)
            #expect(slave.scratchpad == vector.scratchpad)
            #expect(slave.crcValid)
            #expect(slave.crc == vector.crc)
            #expect(slave.millidegrees == vector.millidegrees)
        }
        // The issue's example, and the power-on value.
        #expect(vectors[0].w1Slave.hasSuffix("t=23125\n"))
        #expect(W1ThermText.powerOnScratchpad == vectors[1].scratchpad)
        #expect(W1ThermText.scratchpad(celsius: 23.125) == vectors[0].scratchpad)
    }

    @Test func theTemperatureFileAndMalformedTexts() throws {
        #expect(try W1ThermText.temperature("-3062\n") == -3062)
        #expect(throws: W1ThermText.Problem.empty) { try W1ThermText.temperature("") }
        #expect(throws: W1ThermText.Problem.empty) { try W1ThermText.slave("\n") }
        #expect(throws: W1ThermText.Problem.malformed("hello")) {
            try W1ThermText.slave("hello\nworld\n")
        }
    }

    @Test func theOnlyThermometerThereIsFoundAndRead() async throws {
        let bus = SimulatedOneWireBus()
        bus.attach(SimulatedDS18B20(air: outdoors), as: "28-0316a2794dff")
        bus.attach(SimulatedDS18B20(air: .room), as: "10-000801b5b2c5")  // a DS18S20: ignored
        var driver = DS18B20(files: bus)
        let reading = try await driver.read()
        #expect(reading.temperature.celsius == -3.062)
        #expect(reading.device == "28-0316a2794dff")
        #expect(reading.file == "w1_slave")
        #expect(driver.device == "28-0316a2794dff")
    }

    @Test func noneOrSeveralAreOneSentenceEach() async throws {
        let bus = SimulatedOneWireBus()
        var driver = DS18B20(files: bus)
        do {
            _ = try await driver.read()
            Issue.record("a reading with no thermometer")
        } catch {
            #expect(
                "\(error)"
                    == "There is no DS18B20 (no 28-… directory) in /sys/bus/w1/devices: check the wiring (data to GPIO4 with a 4.7 kΩ pull-up to 3V3, power and GND), and enable 1-Wire with dtoverlay=w1-gpio in /boot/firmware/config.txt, then reboot."
            )
        }
        bus.attach(SimulatedDS18B20(), as: "28-0000000000b1")
        bus.attach(SimulatedDS18B20(), as: "28-0000000000a2")
        do {
            _ = try await driver.read()
            Issue.record("a reading with two thermometers and none named")
        } catch {
            #expect(
                "\(error)"
                    == "There are several DS18B20s in /sys/bus/w1/devices (28-0000000000a2, 28-0000000000b1); set the sensor's device to the one you mean."
            )
        }
        var named = DS18B20(files: bus, device: "/sys/bus/w1/devices/28-0000000000b1")
        #expect(try await named.read().device == "28-0000000000b1")
    }

    @Test func aFailedCRCIsAFailedReadOnOldAndNewKernels() async throws {
        let bus = SimulatedOneWireBus()
        let legacy = SimulatedDS18B20(air: outdoors, kernel: .legacy)
        bus.attach(legacy, as: "28-0316a2794dff")
        var driver = DS18B20(files: bus)
        _ = try await driver.read()
        legacy.setFault(.corruptedScratchpad)
        do {
            _ = try await driver.read()
            Issue.record("crc=… NO gave a reading")
        } catch {
            #expect("\(error)".hasPrefix("/sys/bus/w1/devices/28-0316a2794dff/w1_slave says crc="))
            #expect("\(error)".contains(" NO: the scratchpad was corrupted on the wire"))
        }
        let current = SimulatedDS18B20(air: outdoors, kernel: .current)
        current.setFault(.corruptedScratchpad)
        bus.attach(current, as: "28-0316a2794dff")
        do {
            _ = try await driver.read()
            Issue.record("an empty w1Slave gave a reading")
        } catch {
            #expect(
                "\(error)"
                    == "Reading /sys/bus/w1/devices/28-0316a2794dff/w1_slave returned nothing: the kernel could not read the DS18B20 (no answer, or a bad CRC every time); check the wiring (data to GPIO4 with a 4.7 kΩ pull-up to 3V3, power and GND)."
            )
        }
        current.setFault(nil)
        #expect(try await driver.read().temperature.celsius == -3.062)
    }

    @Test func eightyFiveDegreesIsRefusedUnlessThePreviousReadingWasNearIt() async throws {
        let bus = SimulatedOneWireBus()
        let device = SimulatedDS18B20(air: outdoors)
        bus.attach(device, as: "28-0316a2794dff")
        var driver = DS18B20(files: bus)
        device.setFault(.powerOnReset)  // the first read after power-on
        do {
            _ = try await driver.read()
            Issue.record("85 °C after power-on was taken")
        } catch {
            #expect("\(error)".contains("reads 85.000 °C, the DS18B20's power-on value"))
        }
        _ = try await driver.read()
        device.setFault(.powerOnReset)  // a brown-out between two cold readings
        await #expect(throws: DS18B20Error.self) { try await driver.read() }
        // A sauna thermometer at 83 °C may well read 85.
        device.setAir(
            .fixed(
                temperature: Temperature(celsius: 83), humidity: 10,
                carbonDioxide: CarbonDioxide(partsPerMillion: 420),
                pressure: Pressure(pascals: 100_000)))
        _ = try await driver.read()
        device.setFault(.powerOnReset)
        #expect(try await driver.read().temperature.celsius == 85)
    }

    @Test func aShortedDataLineIsNoReadingThoughItsCRCIsValid() async throws {
        let bus = SimulatedOneWireBus()
        let device = SimulatedDS18B20(air: outdoors)
        device.setFault(.shortedDataLine)
        bus.attach(device, as: "28-0316a2794dff")
        var driver = DS18B20(files: bus)
        do {
            _ = try await driver.read()
            Issue.record("an all-zero scratchpad gave 0 °C")
        } catch {
            #expect(
                "\(error)".contains(
                    "holds a scratchpad that is no DS18B20's (00 00 00 00 00 00 00 00 00)"))
        }
    }

    @Test func anUnpluggedThermometerIsNamedAndFoundAgain() async throws {
        let bus = SimulatedOneWireBus()
        let device = SimulatedDS18B20(air: outdoors)
        bus.attach(device, as: "28-0316a2794dff")
        var driver = DS18B20(files: bus, device: "28-0316a2794dff")
        _ = try await driver.read()
        bus.detach("28-0316a2794dff")
        do {
            _ = try await driver.read()
            Issue.record("an unplugged thermometer gave a reading")
        } catch {
            #expect("\(error)".hasPrefix("The DS18B20 /sys/bus/w1/devices/28-0316a2794dff is gone"))
        }
        bus.attach(device, as: "28-0316a2794dff")
        #expect(try await driver.read().temperature.celsius == -3.062)
    }

    @Test func theTemperatureFileIsReadWhenThereIsNoW1Slave() async throws {
        let files = DictionaryFiles(files: ["28-0316a2794dff/temperature": "21062\n"])
        var driver = DS18B20(files: files)
        let reading = try await driver.read()
        #expect(reading.temperature.celsius == 21.062)
        #expect(reading.file == "temperature")
        files.set("28-0316a2794dff/temperature", "")
        await #expect(throws: DS18B20Error(.emptyRead, path: "/w1/28-0316a2794dff/temperature")) {
            try await driver.read()
        }
        files.set("28-0316a2794dff/temperature", "85000\n")
        await #expect(throws: DS18B20Error(.powerOnValue, path: "/w1/28-0316a2794dff/temperature"))
        {
            try await driver.read()
        }
    }

    @Test func theOneWireLayoutIsWhatTheKernelWrites() async throws {
        let bus = SimulatedOneWireBus()
        bus.attach(
            SimulatedDS18B20(
                air: .fixed(
                    temperature: Temperature(celsius: 23.125), humidity: 50,
                    carbonDioxide: CarbonDioxide(partsPerMillion: 420),
                    pressure: Pressure(pascals: 100_000))),
            as: "28-0316a2794dff")
        #expect(try await bus.deviceNames() == ["w1_bus_master1", "28-0316a2794dff"])
        let layout = bus.layout()
        #expect(
            layout["28-0316a2794dff/w1_slave"]
                == "72 01 4b 46 7f ff 0e 10 57 : crc=57 YES\n72 01 4b 46 7f ff 0e 10 57 t=23125\n")
        #expect(layout["28-0316a2794dff/temperature"] == "23125\n")
        #expect(try await bus.read("w1_slave", device: "28-0000000000aa") == nil)
    }
}

/// 1-Wire files from a dictionary, for a layout the simulated bus does not make.
final class DictionaryFiles: OneWireDeviceFiles {
    let directory = "/w1"
    private let state: Mutex<[String: String]>

    init(files: [String: String]) { state = Mutex(files) }

    func set(_ path: String, _ text: String) { state.withLock { $0[path] = text } }

    func deviceNames() async throws -> [String] {
        Set(state.withLock { $0.keys }.map { String($0.split(separator: "/")[0]) }).sorted()
    }

    func read(_ file: String, device: String) async throws -> String? {
        state.withLock { $0["\(device)/\(file)"] }
    }
}
