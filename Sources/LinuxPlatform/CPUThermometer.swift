import Glibc
import Threads

/// The CPU temperature from the kernel's thermal zone, for the heat compensation. An
/// actor on a thread of its own, like the I2C bus: the file reads never run on the
/// cooperative pool.
public actor CPUThermometer {
    /// The Raspberry Pi's SoC sensor (and most boards' first zone).
    public static let defaultPath = "/sys/class/thermal/thermal_zone0/temp"

    /// The file read: millidegrees Celsius as text.
    public nonisolated let path: String
    private let executor = DedicatedThreadExecutor()

    /// Reads run on the thermometer's own thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// A thermometer reading `path`.
    public init(path: String = defaultPath) { self.path = path }

    deinit { executor.shutdown() }

    /// The temperature now, °C.
    /// - Throws: `DeviceError` naming the file and the way out (set cpu_heat_factor = 0).
    public func read() throws(DeviceError) -> Double {
        let descriptor = retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        if descriptor < 0 {
            throw DeviceError(
                "read the CPU temperature from", device: path, errorNumber: errno,
                hint:
                    "this machine reports no CPU temperature there, so set sensor.cpu_heat_factor = 0"
            )
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { raw in
            retryingInterrupts { Glibc.read(descriptor, raw.baseAddress, raw.count) }
        }
        if count < 0 {
            throw DeviceError(
                "read the CPU temperature from", device: path, errorNumber: errno,
                hint: "set sensor.cpu_heat_factor = 0 to do without it")
        }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
            .filter { !$0.isWhitespace }
        guard let millidegrees = Int(text), (-50_000...150_000).contains(millidegrees) else {
            throw DeviceError(
                device: path,
                message:
                    "The CPU temperature in \(path) is \"\(text)\", not millidegrees Celsius; set sensor.cpu_heat_factor = 0 to do without it."
            )
        }
        return Double(millidegrees) / 1000
    }
}
