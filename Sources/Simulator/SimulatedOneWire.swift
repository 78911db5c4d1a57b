import Devices
public import KioskCore
import Synchronization

/// A DS18B20 as the kernel's w1-therm driver shows it: `w1_slave` and `temperature`
/// rendered from a scratchpad of the air's temperature, with a valid CRC, or with the
/// faults a real thermometer shows.
public final class SimulatedDS18B20: Sendable {
    /// What goes wrong.
    public enum Fault: Sendable, Hashable {
        /// The scratchpad arrives with a bad CRC.
        case corruptedScratchpad
        /// The next read returns the power-on scratchpad (+85 °C) once.
        case powerOnReset
        /// The data line is held low: every byte reads 0 (whose CRC is 0: "valid").
        case shortedDataLine
    }

    /// How the kernel reports a failed read.
    public enum Kernel: Sendable, Hashable {
        /// Since Linux 5.10: a read that fails its CRC after retries makes `w1_slave` and
        /// `temperature` empty.
        case current
        /// Older kernels (and the format the issue names): `w1_slave` says `crc=… NO`, and
        /// there is no `temperature` file.
        case legacy
    }

    private struct State {
        var air: SimulatedAir
        var fault: Fault?
        var lastGood: [UInt8]?
    }

    /// How the kernel behaves.
    public let kernel: Kernel
    private let state: Mutex<State>

    /// A thermometer measuring `air`'s temperature.
    public init(air: SimulatedAir = .room, kernel: Kernel = .current) {
        self.kernel = kernel
        state = Mutex(State(air: air))
    }

    /// Changes what it measures.
    public func setAir(_ air: SimulatedAir) { state.withLock { $0.air = air } }

    /// Starts a fault, or ends it with nil.
    public func setFault(_ fault: Fault?) { state.withLock { $0.fault = fault } }

    /// The text of `file` as the kernel would give it now (a read converts); nil for a
    /// file the kernel does not have.
    public func read(_ file: String) -> String? {
        state.withLock { state in
            guard file == "w1_slave" || (file == "temperature" && kernel == .current) else {
                return nil
            }
            var scratchpad = W1ThermText.scratchpad(celsius: state.air.sample().temperature.celsius)
            switch state.fault {
            case .corruptedScratchpad: scratchpad[0] ^= 0x04
            case .powerOnReset:
                scratchpad = W1ThermText.powerOnScratchpad
                state.fault = nil
            case .shortedDataLine: scratchpad = [UInt8](repeating: 0, count: 9)
            case nil: break
            }
            let valid = DallasCRC.checksum(scratchpad[0..<8]) == scratchpad[8]
            if !valid, kernel == .current { return "" }
            if valid { state.lastGood = scratchpad }
            if file == "temperature" {
                return "\(W1ThermText.millidegrees(scratchpad: scratchpad))\n"
            }
            return W1ThermText.renderSlave(scratchpad: scratchpad, lastGood: state.lastGood)
        }
    }
}

/// The kernel's 1-Wire devices directory in memory: bus master entries and thermometers
/// that can be plugged in and out.
public final class SimulatedOneWireBus: OneWireDeviceFiles {
    /// Where the devices would be: "/sys/bus/w1/devices".
    public let directory: String
    private let devices = Mutex<[String: SimulatedDS18B20]>([:])

    /// An empty bus (with its master entry) at `directory`.
    public init(directory: String = "/sys/bus/w1/devices") { self.directory = directory }

    /// Plugs `device` in as `name` ("28-0316a2794dff").
    public func attach(_ device: SimulatedDS18B20, as name: String) {
        devices.withLock { $0[name] = device }
    }

    /// Unplugs the device `name` (the kernel drops its directory).
    public func detach(_ name: String) {
        devices.withLock { $0[name] = nil }
    }

    /// The master's entry and the devices' names.
    public func deviceNames() async throws -> [String] {
        ["w1_bus_master1"] + devices.withLock { $0.keys.sorted() }
    }

    /// The file's text; nil when the device or the file is not there.
    public func read(_ file: String, device: String) async throws -> String? {
        devices.withLock { $0[device] }?.read(file)
    }

    /// The files as the kernel lays them out, relative to `directory`
    /// ("28-0316a2794dff/w1_slave" → text), for recreating it in a directory.
    public func layout() -> [String: String] {
        var files: [String: String] = [:]
        for (name, device) in devices.withLock({ $0 }) {
            for file in ["w1_slave", "temperature"] {
                if let text = device.read(file) { files["\(name)/\(file)"] = text }
            }
        }
        return files
    }
}
