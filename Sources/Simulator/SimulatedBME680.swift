public import Devices
import KioskCore
import Synchronization

/// A BME680 or BME688 at register level: chip id 0x61 and variant id, soft reset, real
/// calibration at 0x8A/0xE1/0x00, forced measurements that take Bosch's measurement time
/// plus the heater's, field 0 at 0x1D…0x2D with new_data and the measuring bits, the gas
/// ADC and range where each variant keeps them (with gas_valid only when run_gas is the
/// variant's value and the heater is on, heat_stab only after 20 ms of heating), the
/// not-measured markers until the first measurement, and faults on demand.
///
/// Its raw values are those the calibration compensates back to the air's conditions; the
/// gas resistance falls as CO2 (the household) rises: 250 kΩ at 450 ppm.
public final class SimulatedBME680: SimulatedI2CChip {
    /// Faults a real sensor shows.
    public enum Fault: Sendable, Hashable {
        /// Every transfer refused.
        case noAnswer
        /// The measurement never ends.
        case stuckMeasuring
        /// The chip id register reads this.
        case wrongChipID(UInt8)
    }

    /// The calibration bytes of a real chip (pimoroni/bme680-python issue 11), in
    /// `BME680Calibration.blocks` order.
    public static let referenceCalibrationBytes: [UInt8] = [
        0x65, 0x67, 0x03, 0x00, 0x41, 0x8F, 0xED, 0xD6, 0x58, 0x00, 0x8E, 0x1C, 0x7F, 0xFF,
        0x2E, 0x1E, 0x00, 0x00, 0x97, 0xF3, 0xB5, 0xF6, 0x1E, 0x40, 0x54, 0x2A, 0x00, 0x2D,
        0x14, 0x78, 0x9C, 0xB9, 0x65, 0x4E, 0x9F, 0xE2, 0x12, 0x30, 0x00, 0x11, 0x00, 0x03,
    ]

    private struct State {
        var registers: [UInt8]
        var air: SimulatedAir
        var fault: Fault?
        var measurement: (started: MonotonicInstant, duration: Duration)?
        var subMeasurement: UInt8 = 0
    }

    /// BME680 or BME688.
    public let variant: BME680Variant
    /// The calibration in its memory.
    public let calibration: BME680Calibration
    private let calibrationBytes: [UInt8]
    private let clock: SimulatedClock
    private let state: Mutex<State>

    /// A chip measuring `air`, keeping time by `clock`.
    /// - Precondition: 42 calibration bytes (a programmer error otherwise).
    public init(
        variant: BME680Variant = .bme680, calibrationBytes: [UInt8] = referenceCalibrationBytes,
        air: SimulatedAir = .room, clock: SimulatedClock = .system
    ) {
        precondition(calibrationBytes.count == 42)
        self.variant = variant
        self.calibrationBytes = calibrationBytes
        calibration = BME680Calibration(bytes: calibrationBytes)
        self.clock = clock
        state = Mutex(State(registers: [], air: air))
        state.withLock { $0.registers = powerOnRegisters() }
    }

    /// Changes what it measures.
    public func setAir(_ air: SimulatedAir) { state.withLock { $0.air = air } }

    /// Starts a fault, or ends it with nil.
    public func setFault(_ fault: Fault?) { state.withLock { $0.fault = fault } }

    /// The value of `register` as it reads now.
    public func register(_ register: UInt8) -> UInt8 {
        let now = clock.now()
        return state.withLock { state in
            finishIfDue(&state, now: now)
            return value(state, register, now: now)
        }
    }

    // MARK: Transfers

    /// Answers a read like the chip.
    /// - Throws: `I2CTransferError` under the no-answer fault.
    public func read(register: UInt8, count: Int, location: String) throws -> [UInt8] {
        let now = clock.now()
        return try state.withLock { state in
            if state.fault == .noAnswer { throw SimulatedI2CBus.noAnswer(at: location) }
            finishIfDue(&state, now: now)
            return (0..<count).map {
                value(state, UInt8(truncatingIfNeeded: Int(register) + $0), now: now)
            }
        }
    }

    /// Takes a write like the chip.
    /// - Throws: `I2CTransferError` under the no-answer fault.
    public func write(register: UInt8, value: UInt8, location: String) throws {
        let now = clock.now()
        try state.withLock { state in
            if state.fault == .noAnswer { throw SimulatedI2CBus.noAnswer(at: location) }
            finishIfDue(&state, now: now)
            switch register {
            case 0xE0 where value == 0xB6:
                state.registers = powerOnRegisters()
                state.measurement = nil
            case 0x50...0x6D, 0x70, 0x71, 0x72, 0x75:
                state.registers[Int(register)] = value
            case 0x74:
                state.registers[0x74] = value
                if value & 0x03 == 0x01, state.measurement == nil {
                    state.measurement = (now, measurementTime(state))
                    state.registers[0x1D] &= 0x7F  // new_data cleared
                }
            default:
                break  // read-only or unused registers ignore writes
            }
        }
    }

    // MARK: Chip behaviour

    private func powerOnRegisters() -> [UInt8] {
        var registers = [UInt8](repeating: 0, count: 256)
        var offset = 0
        for block in BME680Calibration.blocks {
            for index in 0..<block.count {
                registers[Int(block.register) + index] = calibrationBytes[offset + index]
            }
            offset += block.count
        }
        registers[0xD0] = BME680.chipID
        registers[0xF0] = variant == .bme688 ? 0x01 : 0x00
        // Field 0 reads "not measured" until the first measurement.
        for (index, byte) in [0x80, 0x00, 0x00, 0x80, 0x00, 0x00, 0x80, 0x00].enumerated() {
            registers[0x1F + index] = UInt8(byte)
        }
        return registers
    }

    private func value(_ state: State, _ register: UInt8, now: MonotonicInstant) -> UInt8 {
        switch register {
        case 0xD0:
            if case .wrongChipID(let id) = state.fault { return id }
            return state.registers[0xD0]
        case 0x1D:
            var status = state.registers[0x1D]
            if state.measurement != nil { status |= 0x20 | (gasRuns(state) ? 0x40 : 0) }
            return status
        default:
            return state.registers[Int(register)]
        }
    }

    private func gasRuns(_ state: State) -> Bool {
        let runGas = (state.registers[0x71] >> 4) & 0x03
        return state.registers[0x70] & 0x08 == 0 && runGas == (variant == .bme688 ? 2 : 1)
    }

    private func oversampling(_ code: UInt8) -> BME280Oversampling? {
        [nil, .x1, .x2, .x4, .x8, .x16][min(5, Int(code))]
    }

    private func measurementTime(_ state: State) -> Duration {
        let control = state.registers[0x74]
        let o = (
            oversampling(control >> 5), oversampling(control >> 2 & 0x07),
            oversampling(state.registers[0x72] & 0x07)
        )
        let cycles = [o.0, o.1, o.2].compactMap { $0?.rawValue }.reduce(0, +)
        var duration = Duration.microseconds(cycles * 1963 + 477 * 4 + 477 * 5 + 1000)
        if gasRuns(state) {
            let code = state.registers[0x64 + Int(state.registers[0x71] & 0x0F)]
            duration += .milliseconds(BME680Calibration.gasWaitMilliseconds(code: code))
        }
        return duration
    }

    private func finishIfDue(_ state: inout State, now: MonotonicInstant) {
        guard let measurement = state.measurement, state.fault != .stuckMeasuring,
            now >= measurement.started.advanced(by: measurement.duration)
        else { return }
        state.measurement = nil
        state.registers[0x74] &= 0xFC  // back to sleep
        let air = state.air.sample()
        let c = calibration
        let adcT = BME280Calibration.nearest(
            in: 0...0xFFFFF, to: air.temperature.celsius, avoiding: 0x80000
        ) {
            c.temperature(adc: $0).celsius
        }
        let tFine = c.temperature(adc: adcT).tFine
        let adcP = BME280Calibration.nearest(
            in: 0...0xFFFFF, to: air.pressure.pascals, avoiding: 0x80000
        ) {
            c.pressure(adc: $0, tFine: tFine)
        }
        let adcH = BME280Calibration.nearest(in: 0...0xFFFF, to: air.humidity, avoiding: 0x8000) {
            c.humidity(adc: $0, tFine: tFine)
        }
        var field = [UInt8](repeating: 0, count: 17)
        field[0] = 0x80 | (state.registers[0x71] & 0x0F)
        state.subMeasurement &+= 1
        field[1] = state.subMeasurement
        field[2...4] = [UInt8(adcP >> 12), UInt8(adcP >> 4 & 0xFF), UInt8(adcP << 4 & 0xF0)]
        field[5...7] = [UInt8(adcT >> 12), UInt8(adcT >> 4 & 0xFF), UInt8(adcT << 4 & 0xF0)]
        field[8...9] = [UInt8(adcH >> 8), UInt8(adcH & 0xFF)]
        if gasRuns(state) {
            let target = 50_000 + 200_000 * 450 / air.carbonDioxide.partsPerMillion
            let (adc, range) = gasADC(ohms: target)
            let heating = BME680Calibration.gasWaitMilliseconds(
                code: state.registers[0x64 + Int(state.registers[0x71] & 0x0F)])
            let stable: UInt8 = heating >= 20 && state.registers[0x5A] != 0 ? 0x10 : 0
            let at = variant == .bme688 ? 15 : 13
            field[at] = UInt8(adc >> 2)
            field[at + 1] = UInt8((adc & 0x03) << 6) | 0x20 | stable | UInt8(range)
        }
        for (index, byte) in field.enumerated() { state.registers[0x1D + index] = byte }
    }

    /// The gas ADC value and range whose resistance comes nearest to `ohms`.
    private func gasADC(ohms: Double) -> (adc: Int, range: Int) {
        var best = (adc: 512, range: 0, error: Double.infinity)
        for range in 0..<16 {
            for adc in 0..<1024 {
                let value =
                    variant == .bme688
                    ? BME680Calibration.gasResistanceBME688(adc: adc, range: range)
                    : calibration.gasResistanceBME680(adc: adc, range: range)
                let error = abs(value - ohms) / ohms
                if value > 0, error < best.error { best = (adc, range, error) }
            }
        }
        return (best.adc, best.range)
    }
}
