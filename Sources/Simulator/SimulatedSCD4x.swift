public import Devices
import KioskCore
import RealModule
import Synchronization

/// An SCD40 or SCD41 at the protocol level: 16-bit commands (arguments with their CRCs),
/// words with CRCs, and the datasheet's rules — the execution time of each command (a read
/// header before it is up, or a new command, is not acknowledged), a new measurement
/// every 5 s in periodic mode that read_measurement consumes (a second read finds nothing
/// and is not acknowledged), only read_measurement, get_data_ready_status,
/// set/get_ambient_pressure and stop_periodic_measurement while measuring, single shot
/// (5 s) on the SCD41 only, and forced recalibration after 3 minutes of measuring.
///
/// It reads the CO2 the chip would see: the true value scaled by the actual pressure over
/// the pressure it compensates for (the one set with set_ambient_pressure, else the
/// standard atmosphere at the set altitude), plus the correction of a recalibration.
public final class SimulatedSCD4x: SimulatedSensirionChip {
    /// The periodic signal update interval.
    public static let signalInterval = Duration.seconds(5)

    private struct State {
        var link = SensirionSimulation(chip: "SCD4x")
        var air: SimulatedAir
        var periodicSince: MonotonicInstant?
        var samplesRead = 0
        var lastRun = Duration.zero
        var singleShot: (ready: MonotonicInstant, words: [UInt16])?
        var selfCalibration = true
        var altitude: UInt16 = 0
        var ambientPressure: UInt16?
        var correction = 0.0
    }

    /// SCD40 or SCD41.
    public let variant: SCD4x.Variant
    /// The 48-bit serial number it reports.
    public let serial: UInt64
    private let clock: SimulatedClock
    private let state: Mutex<State>

    /// A chip measuring `air`, keeping time by `clock`.
    public init(
        variant: SCD4x.Variant = .scd41, air: SimulatedAir = .room,
        serial: UInt64 = 0x9A3B_7C21_04E5, clock: SimulatedClock = .system
    ) {
        self.variant = variant
        self.serial = serial
        self.clock = clock
        state = Mutex(State(air: air))
    }

    /// Changes what it measures.
    public func setAir(_ air: SimulatedAir) { state.withLock { $0.air = air } }

    /// Unplugs it (every transfer refused) or plugs it back.
    public func setUnplugged(_ unplugged: Bool) {
        state.withLock { $0.link.unplugged = unplugged }
    }

    /// Power off and on: idle, the volatile settings back to their defaults.
    public func powerCycle() {
        state.withLock { state in
            let (air, correction) = (state.air, state.correction)
            state = State(air: air)
            state.correction = correction
        }
    }

    /// Flips a bit of the next answer's first CRC, as a noisy line does.
    public func corruptNextAnswer() { state.withLock { $0.link.corruptNextAnswer = true } }

    /// Whether it is in periodic measurement.
    public var isMeasuring: Bool { state.withLock { $0.periodicSince != nil } }
    /// Automatic self-calibration as set.
    public var selfCalibration: Bool { state.withLock { $0.selfCalibration } }
    /// The altitude as set, metres.
    public var altitude: Int { state.withLock { Int($0.altitude) } }
    /// The ambient pressure as set, hPa; nil before any.
    public var ambientPressure: Int? { state.withLock { $0.ambientPressure.map(Int.init) } }
    /// The command frames received, oldest first.
    public var commands: [[UInt8]] { state.withLock { $0.link.commands } }

    // MARK: Transfers

    /// The answer to the last command, once ready.
    /// - Throws: `I2CTransferError` as the chip refuses.
    public func read(count: Int, location: String) throws -> [UInt8] {
        let now = clock.now()
        return try state.withLock { try $0.link.read(count: count, now: now, location: location) }
    }

    /// Whether it is plugged in.
    public func acknowledges() -> Bool { state.withLock { !$0.link.unplugged } }

    // MARK: Commands

    private static let whileMeasuring: Set<UInt16> = [0xEC05, 0xE4B8, 0x3F86, 0xE000]

    /// Takes one command frame as the chip does.
    /// - Throws: `I2CTransferError` as the chip refuses.
    public func command(_ frame: [UInt8], location: String) throws {
        let now = clock.now()
        try state.withLock { state in
            try state.link.accept(frame, now: now, location: location)
            guard frame.count >= 2 else { return }
            let code = UInt16(frame[0]) << 8 | UInt16(frame[1])
            if state.periodicSince != nil, !Self.whileMeasuring.contains(code) {
                throw state.link.refuse(
                    location, "\(hex(code)) is not taken during periodic measurement")
            }
            func argument() throws -> UInt16 {
                try state.link.argument(of: frame, commandLength: 2, location: location)
            }
            let millisecond = Duration.milliseconds(1)
            switch code {
            case 0x21B1:  // start_periodic_measurement
                state.periodicSince = now
                state.samplesRead = 0
                state.link.execute(for: .zero, now: now)
            case 0x3F86:  // stop_periodic_measurement
                if let since = state.periodicSince { state.lastRun = now.duration(since: since) }
                state.periodicSince = nil
                state.link.execute(for: .milliseconds(500), now: now)
            case 0xEC05:  // read_measurement
                if let since = state.periodicSince {
                    let available = Int(now.duration(since: since) / Self.signalInterval)
                    if available > state.samplesRead {
                        state.samplesRead = available
                        state.link.respond(measurement(state), after: millisecond, now: now)
                    }
                } else if let shot = state.singleShot, now >= shot.ready {
                    state.singleShot = nil
                    state.link.respond(shot.words, after: millisecond, now: now)
                }
            case 0xE4B8:  // get_data_ready_status
                state.link.respond(
                    [dataReady(state, now: now) ? 0x8006 : 0x8000], after: millisecond, now: now)
            case 0xE000 where frame.count == 2:  // get_ambient_pressure
                state.link.respond([state.ambientPressure ?? 1013], after: millisecond, now: now)
            case 0xE000:  // set_ambient_pressure
                state.ambientPressure = try argument()
                state.link.execute(for: millisecond, now: now)
            case 0x2427:  // set_sensor_altitude
                state.altitude = try argument()
                state.link.execute(for: millisecond, now: now)
            case 0x2416:  // set_automatic_self_calibration_enabled
                state.selfCalibration = try argument() != 0
                state.link.execute(for: millisecond, now: now)
            case 0x362F:  // perform_forced_recalibration
                let target = Double(try argument())
                var word: UInt16 = 0xFFFF
                if state.lastRun >= .seconds(180) {
                    let correction = (target - reading(state)).rounded()
                    state.correction += correction
                    word = UInt16(truncatingIfNeeded: 0x8000 + Int(correction))
                }
                state.link.respond([word], after: .milliseconds(400), now: now)
            case 0x3682:  // get_serial_number
                let words = [
                    UInt16(serial >> 32), UInt16(serial >> 16 & 0xFFFF), UInt16(serial & 0xFFFF),
                ]
                state.link.respond(words, after: millisecond, now: now)
            case 0x202F:  // get_sensor_variant
                state.link.respond(
                    [variant == .scd41 ? 0x1000 : 0x0000], after: millisecond, now: now)
            case 0x219D where variant == .scd41:  // measure_single_shot
                state.singleShot = (now.advanced(by: .seconds(5)), measurement(state))
                state.link.execute(for: .seconds(5), now: now)
            case 0x3646:  // reinit
                state.link.execute(for: .milliseconds(30), now: now)
            default:
                throw state.link.refuse(location, "\(hex(code)) is no command it knows")
            }
        }
    }

    private func dataReady(_ state: State, now: MonotonicInstant) -> Bool {
        if let since = state.periodicSince {
            return Int(now.duration(since: since) / Self.signalInterval) > state.samplesRead
        }
        return state.singleShot.map { now >= $0.ready } ?? false
    }

    /// The CO2 the chip reports now, ppm.
    private func reading(_ state: State) -> Double {
        let air = state.air.sample()
        let assumed =
            state.ambientPressure.map { Double($0) * 100 }
            ?? 101_325 * Double.pow(1 - 2.25577e-5 * Double(state.altitude), 5.25588)
        return air.carbonDioxide.partsPerMillion * air.pressure.pascals / assumed
            + state.correction
    }

    private func measurement(_ state: State) -> [UInt16] {
        let air = state.air.sample()
        return [
            UInt16(min(40_000, max(0, reading(state).rounded()))),
            SensirionSignal.temperatureWord(air.temperature),
            SensirionSignal.humidityWord(air.humidity),
        ]
    }
}
