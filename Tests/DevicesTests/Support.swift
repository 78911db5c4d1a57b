import Devices
import FoundationEssentials
import KioskCore
import Simulator
import Synchronization
import Testing

/// The text of `Fixtures/<name>`, read next to this source file.
func fixtureText(_ name: String, filePath: String = #filePath) throws -> String {
    let directory = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/")
    let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/Fixtures/" + name))
    return String(decoding: data, as: UTF8.self)
}

/// Whether `value` is within `tolerance` (relative) of `expected`.
func close(_ value: Double?, _ expected: Double, relative tolerance: Double = 1e-6) -> Bool {
    guard let value else { return false }
    return abs(value - expected) <= tolerance * abs(expected)
}

/// A published test vector (bme280-vectors.md) with the Bosch double-precision results.
struct Vector: Sendable, CustomTestStringConvertible {
    var name: String
    var model: SensorChip
    var calibration: BME280Calibration
    var raw: BME280RawSample
    var temperature: Double
    var pressure: Double
    var humidity: Double?
    var dumpFixture: String

    var testDescription: String { name }

    static let v2Bytes: [UInt8] = [
        0xb1, 0x6f, 0x2e, 0x6a, 0x32, 0x00, 0xe2, 0x8f, 0x0a, 0xd7, 0xd0, 0x0b, 0x75, 0x1f,
        0xc5, 0xff, 0xf9, 0xff, 0xac, 0x26, 0x0a, 0xd8, 0xbd, 0x10, 0x00, 0x4b,
        0x77, 0x01, 0x00, 0x12, 0x20, 0x03, 0x1e,
    ]

    /// V4's bytes as the forum poster listed them (0xA0 was not given; it is unused).
    static let v4Bytes: [UInt8] = [
        0x6C, 0x6E, 0x77, 0x66, 0x32, 0x00, 0xA8, 0x92, 0x27, 0xD5, 0xD0, 0x0B, 0x6F, 0x18,
        0xCA, 0xFF, 0xF9, 0xFF, 0xAC, 0x26, 0x0A, 0xD8, 0xBD, 0x10, 0x00, 0x4B,
        0x65, 0x01, 0x00, 0x14, 0x0B, 0x00, 0x1E,
    ]

    static func parse(_ bytes: [UInt8]) -> BME280Calibration {
        BME280Calibration(
            temperatureAndPressure: Array(bytes[0..<26]), humidity: Array(bytes[26..<33]))
    }

    static let all: [Vector] = [
        Vector(
            name: "V1 BMP280 datasheet", model: .bmp280,
            calibration: BME280Calibration(
                t1: 27504, t2: 26435, t3: -1000, p1: 36477, p2: -10685, p3: 3024, p4: 2855,
                p5: 140, p6: -7, p7: 15500, p8: -14600, p9: 6000, humidity: nil),
            raw: BME280RawSample(temperature: 519_888, pressure: 415_148, humidity: nil),
            temperature: 25.0824779308, pressure: 100_653.258145, humidity: nil,
            dumpFixture: "v1-bmp280.i2cdump"),
        Vector(
            name: "V2a bme280-rs calibration", model: .bme280, calibration: parse(v2Bytes),
            raw: BME280RawSample(temperature: 0x84510, pressure: 0x4F570, humidity: 0x5EB4),
            temperature: 27.3785075247, pressure: 101_222.248645, humidity: 32.9043265223,
            dumpFixture: "v2a-bme280.i2cdump"),
        Vector(
            name: "V2b bme280-rs registers", model: .bme280, calibration: parse(v2Bytes),
            raw: BME280RawSample(temperature: 0x84470, pressure: 0x4F500, humidity: 0x6002),
            temperature: 27.3266466219, pressure: 101_233.049865, humidity: 34.8512103449,
            dumpFixture: "v2b-bme280.i2cdump"),
        Vector(
            name: "V3 pimoroni", model: .bme280,
            calibration: BME280Calibration(
                t1: 28009, t2: 25654, t3: 50, p1: 39145, p2: -10750, p3: 3024, p4: 5667,
                p5: -120, p6: -7, p7: 15500, p8: -14600, p9: 6000,
                humidity: .init(h1: 75, h2: 376, h3: 0, h4: 286, h5: 50, h6: 30)),
            raw: BME280RawSample(temperature: 529_191, pressure: 326_816, humidity: 30281),
            temperature: 24.7894877676, pressure: 100_661.511724, humidity: 68.6699643270,
            dumpFixture: "v3-bme280.i2cdump"),
        Vector(
            name: "V4 Bosch forum", model: .bme280, calibration: parse(v4Bytes),
            raw: BME280RawSample(temperature: 530_427, pressure: 348_984, humidity: 30995),
            temperature: 24.437371, pressure: 99_621.2736, humidity: 54.172294,
            dumpFixture: "v4-bme280.i2cdump"),
    ]
}

/// An `I2CDevice` that passes transfers to another and records them, for checking what
/// the driver does on the bus.
final class RecordingDevice: I2CDevice {
    enum Transfer: Equatable, Sendable {
        case read(UInt8, Int)
        case write(UInt8, UInt8)
        case block(UInt8, [UInt8])
        case send(UInt8)
    }

    let inner: any I2CDevice
    private let log = Mutex<[Transfer]>([])

    init(_ inner: any I2CDevice) { self.inner = inner }

    var bus: String { inner.bus }
    var address: UInt8 { inner.address }
    var transfers: [Transfer] { log.withLock { $0 } }
    func clear() { log.withLock { $0.removeAll() } }

    func read(register: UInt8, count: Int) async throws -> [UInt8] {
        log.withLock { $0.append(.read(register, count)) }
        return try await inner.read(register: register, count: count)
    }

    func write(register: UInt8, value: UInt8) async throws {
        log.withLock { $0.append(.write(register, value)) }
        try await inner.write(register: register, value: value)
    }

    func write(register: UInt8, bytes: [UInt8]) async throws {
        log.withLock { $0.append(.block(register, bytes)) }
        try await inner.write(register: register, bytes: bytes)
    }

    func send(_ byte: UInt8) async throws {
        log.withLock { $0.append(.send(byte)) }
        try await inner.send(byte)
    }
}

/// A simulated chip on a simulated bus, with the driver over a recording device.
struct Bench {
    let bus = SimulatedI2CBus()
    let chip: SimulatedBME280
    let recorder: RecordingDevice
    var driver: BME280

    init(
        chip: SimulatedBME280, address: UInt8 = 0x76,
        settings: BME280.Settings = BME280.Settings()
    ) {
        self.chip = chip
        bus.attach(chip, at: address)
        recorder = RecordingDevice(bus.device(at: address))
        driver = BME280(device: recorder, settings: settings)
    }
}
