public import Devices
public import FoundationEssentials
public import KioskCore
import Synchronization

/// A BME280 (or BMP280) at register level: chip id, soft reset with an NVM copy, real
/// calibration, forced measurements that take the datasheet's time, status bits, data
/// registers with their reset values, the IIR filter, and faults on demand.
///
/// Its measurements come from `output`: exact raw ADC values, or physical conditions that
/// are turned into the raw values the calibration would compensate back to them.
public final class SimulatedBME280: SimulatedI2CChip {
    /// What a measurement produces.
    public enum Output: Sendable {
        /// These ADC values, exactly.
        case raw(BME280RawSample)
        /// The ADC values that compensate to these (humidity in %RH).
        case conditions(temperature: Temperature, humidity: Double, pressure: Pressure)
        /// The climate's conditions at the time `now` gives when the measurement ends.
        case climate(SimulatedClimate, now: @Sendable () -> Date)
    }

    /// Faults a real sensor shows.
    public enum Fault: Sendable, Hashable {
        /// No acknowledgement: every transfer fails (loose wire, unplugged).
        case noAnswer
        /// Status bit 3 stays set: the measurement never ends.
        case stuckMeasuring
        /// Measurements produce the skipped markers 0x80000 / 0x8000.
        case skippedValues
        /// The chip id register reads this value.
        case wrongChipID(UInt8)
        /// The chip id reads 0x58: a BMP280 sold as a BME280.
        case bmp280ID
    }

    /// The datasheet's default (BME280) calibration of the bme280-rs test vectors (V2):
    /// 0x88…0xA1, then 0xE1…0xE7.
    public static let referenceCalibrationBytes: [UInt8] = [
        0xb1, 0x6f, 0x2e, 0x6a, 0x32, 0x00, 0xe2, 0x8f, 0x0a, 0xd7, 0xd0, 0x0b, 0x75, 0x1f,
        0xc5, 0xff, 0xf9, 0xff, 0xac, 0x26, 0x0a, 0xd8, 0xbd, 0x10, 0x00, 0x4b,
        0x77, 0x01, 0x00, 0x12, 0x20, 0x03, 0x1e,
    ]

    /// How long the NVM copy after a reset takes.
    static let copyTime = Duration.microseconds(500)
    /// How long after the trigger the status still reads "not measuring" (the datasheet
    /// warns that an early status read can say "done").
    static let conversionStartDelay = Duration.microseconds(300)

    private struct State {
        var registers: [UInt8]
        var output: Output
        var fault: Fault?
        var resetAt: ContinuousClock.Instant?
        var measurement: (started: ContinuousClock.Instant, duration: Duration)?
        var filtered: (temperature: Int, pressure: Int)?
        var writes: [UInt8: UInt8] = [:]
    }

    /// BME280 or BMP280.
    public let model: SensorChip
    /// The calibration in its NVM.
    public let calibration: BME280Calibration
    private let calibrationBytes: [UInt8]
    private let state: Mutex<State>

    /// A chip with `calibrationBytes` in its NVM (26 bytes for a BMP280, 26 + 7 for a
    /// BME280) producing `output`.
    /// - Precondition: the right number of calibration bytes (a programmer error).
    public init(
        model: SensorChip = .bme280, calibrationBytes: [UInt8] = referenceCalibrationBytes,
        output: Output = .conditions(
            temperature: Temperature(celsius: 21), humidity: 45,
            pressure: Pressure(pascals: 101_325))
    ) {
        let humidityBytes = model == .bme280 ? Array(calibrationBytes[26..<33]) : nil
        precondition(calibrationBytes.count == (model == .bme280 ? 33 : 26))
        self.model = model
        self.calibrationBytes = calibrationBytes
        calibration = BME280Calibration(
            temperatureAndPressure: Array(calibrationBytes[0..<26]), humidity: humidityBytes)
        state = Mutex(State(registers: [], output: output))
        state.withLock { $0.registers = powerOnRegisters() }
    }

    /// A chip whose NVM holds `calibration` (encoded as the chip stores it).
    public convenience init(
        model: SensorChip = .bme280, calibration: BME280Calibration, output: Output
    ) {
        self.init(
            model: model, calibrationBytes: calibration.registerBytes(model: model), output: output)
    }

    /// Changes what the next measurements produce.
    public func setOutput(_ output: Output) {
        state.withLock { $0.output = output }
    }

    /// Starts a fault, or ends it with nil.
    public func setFault(_ fault: Fault?) {
        state.withLock { $0.fault = fault }
    }

    /// Every register as it reads now (no side effects): what `i2cdump` would print.
    public var registers: [UInt8] {
        state.withLock { state in
            finishMeasurementIfDue(&state)
            var registers = state.registers
            registers[0xF3] = status(state)
            registers[0xD0] = chipID(state)
            return registers
        }
    }

    /// The last value written to `register`, if any.
    public func lastWrite(to register: UInt8) -> UInt8? {
        state.withLock { $0.writes[register] }
    }

    // MARK: Transfers

    /// Answers a read like the chip.
    /// - Throws: `I2CTransferError` under the no-answer fault.
    public func read(register: UInt8, count: Int, location: String) throws -> [UInt8] {
        try state.withLock { state in
            if state.fault == .noAnswer { throw SimulatedI2CBus.noAnswer(at: location) }
            finishMeasurementIfDue(&state)
            var bytes: [UInt8] = []
            for offset in 0..<count {
                let address = (Int(register) + offset) & 0xFF
                switch address {
                case 0xD0: bytes.append(chipID(state))
                case 0xF3: bytes.append(status(state))
                default: bytes.append(state.registers[address])
                }
            }
            return bytes
        }
    }

    /// Takes a write like the chip.
    /// - Throws: `I2CTransferError` under the no-answer fault.
    public func write(register: UInt8, value: UInt8, location: String) throws {
        try state.withLock { state in
            if state.fault == .noAnswer { throw SimulatedI2CBus.noAnswer(at: location) }
            finishMeasurementIfDue(&state)
            state.writes[register] = value
            switch register {
            case 0xE0:
                if value == 0xB6 {
                    state.registers = powerOnRegisters()
                    state.measurement = nil
                    state.filtered = nil
                    state.resetAt = .now
                }
            case 0xF2:
                state.registers[0xF2] = value & 0x07
            case 0xF5:
                // The config register is taken in sleep mode only.
                if state.measurement == nil { state.registers[0xF5] = value & 0xFC }
            case 0xF4:
                state.registers[0xF4] = value
                let mode = value & 0x03
                if mode == 0x01 || mode == 0x02, state.measurement == nil {
                    state.measurement = (.now, measurementTime(state))
                }
            default:
                break  // read-only or unused registers ignore writes
            }
        }
    }

    // MARK: Chip behaviour

    private func powerOnRegisters() -> [UInt8] {
        var registers = [UInt8](repeating: 0, count: 256)
        for (offset, byte) in calibrationBytes.prefix(26).enumerated() {
            registers[0x88 + offset] = byte
        }
        if model == .bme280 {
            for (offset, byte) in calibrationBytes[26..<33].enumerated() {
                registers[0xE1 + offset] = byte
            }
        }
        registers[0xD0] = model == .bme280 ? 0x60 : 0x58
        // Data registers read as "skipped" until a measurement ends.
        let dataReset: [UInt8] = [0x80, 0x00, 0x00, 0x80, 0x00, 0x00, 0x80, 0x00]
        for (offset, byte) in dataReset.enumerated() where model == .bme280 || offset < 6 {
            registers[0xF7 + offset] = byte
        }
        return registers
    }

    private func chipID(_ state: State) -> UInt8 {
        switch state.fault {
        case .wrongChipID(let id): id
        case .bmp280ID: 0x58
        default: state.registers[0xD0]
        }
    }

    private func status(_ state: State) -> UInt8 {
        var status: UInt8 = 0
        if let resetAt = state.resetAt, ContinuousClock.now - resetAt < Self.copyTime {
            status |= 0x01
        }
        if let measurement = state.measurement {
            let elapsed = ContinuousClock.now - measurement.started
            if elapsed >= Self.conversionStartDelay || state.fault == .stuckMeasuring {
                status |= 0x08
            }
        }
        return status
    }

    private static func oversampling(_ code: UInt8) -> BME280Oversampling? {
        switch code {
        case 0: nil
        case 1: .x1
        case 2: .x2
        case 3: .x4
        case 4: .x8
        default: .x16
        }
    }

    private func measurementTime(_ state: State) -> Duration {
        let control = state.registers[0xF4]
        let temperature = Self.oversampling(control >> 5) ?? .x1
        let pressure = Self.oversampling((control >> 2) & 0x07) ?? .x1
        let humidity = model == .bme280 ? Self.oversampling(state.registers[0xF2]) : nil
        return bme280MaximumMeasurementTime(
            temperature: temperature, pressure: pressure, humidity: humidity)
    }

    private func finishMeasurementIfDue(_ state: inout State) {
        guard let measurement = state.measurement, state.fault != .stuckMeasuring,
            ContinuousClock.now - measurement.started >= measurement.duration
        else { return }
        state.measurement = nil
        let control = state.registers[0xF4]
        state.registers[0xF4] = control & 0xFC  // back to sleep mode
        var sample = rawSample(for: state.output)
        if state.fault == .skippedValues {
            sample = BME280RawSample(
                temperature: BME280RawSample.skippedTemperatureOrPressure,
                pressure: BME280RawSample.skippedTemperatureOrPressure,
                humidity: BME280RawSample.skippedHumidity)
        }
        let skip = BME280RawSample.skippedTemperatureOrPressure
        var temperature = control >> 5 == 0 ? skip : sample.temperature
        var pressure = (control >> 2) & 0x07 == 0 ? skip : sample.pressure
        let humidity =
            state.registers[0xF2] == 0 ? BME280RawSample.skippedHumidity : sample.humidity
        let coefficient = [0, 2, 4, 8, 16][min(4, Int((state.registers[0xF5] >> 2) & 0x07))]
        if coefficient > 0, temperature != skip, pressure != skip {
            if let previous = state.filtered {
                temperature = (previous.temperature * (coefficient - 1) + temperature) / coefficient
                pressure = (previous.pressure * (coefficient - 1) + pressure) / coefficient
            }
            state.filtered = (temperature, pressure)
        }
        let bytes = [
            UInt8(pressure >> 12 & 0xFF), UInt8(pressure >> 4 & 0xFF), UInt8(pressure << 4 & 0xF0),
            UInt8(temperature >> 12 & 0xFF), UInt8(temperature >> 4 & 0xFF),
            UInt8(temperature << 4 & 0xF0),
        ]
        for (offset, byte) in bytes.enumerated() { state.registers[0xF7 + offset] = byte }
        if model == .bme280, let humidity {
            state.registers[0xFD] = UInt8(humidity >> 8 & 0xFF)
            state.registers[0xFE] = UInt8(humidity & 0xFF)
        }
    }

    private func rawSample(for output: Output) -> BME280RawSample {
        switch output {
        case .raw(let sample):
            return sample
        case .conditions(let temperature, let humidity, let pressure):
            return calibration.rawSample(
                temperature: temperature, humidity: model == .bme280 ? humidity : nil,
                pressure: pressure)
        case .climate(let climate, let now):
            let conditions = climate.conditions(at: now())
            return calibration.rawSample(
                temperature: conditions.temperature,
                humidity: model == .bme280 ? conditions.humidity : nil,
                pressure: conditions.pressure)
        }
    }
}
