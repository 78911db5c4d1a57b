import CI2C
import CLinux
import Glibc
public import KioskCore
import Threads

/// An I2C bus device, `/dev/i2c-N`, driven with libi2c's SMBus calls (byte writes, sent
/// bytes, I2C block writes and reads of at most 32 bytes, or single-byte reads on adapters
/// without block reads).
/// SMBus works on the Pi's controllers and on the kernel's `i2c-stub` alike.
///
/// An actor on a thread of its own: every transfer blocks that thread only. The file is
/// opened on the first transfer and opened again after a failure other than a missing
/// acknowledgement, so a bus that appears later (I2C enabled, a USB adapter plugged in)
/// is picked up without a restart.
public actor LinuxI2CBus {
    /// The SMBus block-transfer limit.
    static let blockLimit = 32

    /// The bus device's path.
    public nonisolated let path: String
    private let executor: DedicatedThreadExecutor
    private var descriptor: Int32 = -1
    private var selected: UInt8?
    private var readsBlocks = true
    private var sendsQuick = true
    var answered: Set<UInt8> = []

    /// Transfers run on the bus's own thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// The bus `/dev/i2c-<number>`.
    public init(number: Int) {
        self.init(path: "/dev/i2c-\(number)")
    }

    /// The bus at `path` (a udev symlink works too). Nothing is opened yet. `busKey` is the
    /// config key that chose the bus ("sensor.bus", "display.bus"), for the messages.
    public init(path: String, busKey: String = "sensor.bus") {
        self.path = path
        self.busKey = busKey
        executor = DedicatedThreadExecutor()
    }

    /// The config key that chose the bus, named in the messages.
    public nonisolated let busKey: String

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
        executor.shutdown()
    }

    /// The device at a 7-bit `address` on this bus.
    public nonisolated func device(at address: UInt8) -> LinuxI2CDevice {
        LinuxI2CDevice(owner: self, address: address)
    }

    /// Reads `count` registers from `register` of the device at `address`.
    /// - Throws: `DeviceError` naming the path, the address, the errno and the fix.
    func read(address: UInt8, register: UInt8, count: Int) throws(DeviceError) -> [UInt8] {
        let descriptor = try prepare(address)
        var result: [UInt8] = []
        result.reserveCapacity(count)
        while result.count < count {
            let next = UInt8(truncatingIfNeeded: Int(register) + result.count)
            if readsBlocks {
                let chunk = min(Self.blockLimit, count - result.count)
                var buffer = [UInt8](repeating: 0, count: Self.blockLimit)
                let got = retryingSMBus {
                    i2c_smbus_read_i2c_block_data(descriptor, next, UInt8(chunk), &buffer)
                }
                if got < 0 { throw failure(-got, address: address, action: "read from") }
                if got != chunk { throw failure(EIO, address: address, action: "read from") }
                result += buffer[0..<chunk]
            } else {
                let got = retryingSMBus { i2c_smbus_read_byte_data(descriptor, next) }
                if got < 0 { throw failure(-got, address: address, action: "read from") }
                result.append(UInt8(truncatingIfNeeded: got))
            }
        }
        answered.insert(address)
        return result
    }

    /// Writes `value` to `register` of the device at `address`.
    /// - Throws: `DeviceError` naming the path, the address, the errno and the fix.
    func write(address: UInt8, register: UInt8, value: UInt8) throws(DeviceError) {
        let descriptor = try prepare(address)
        let result = retryingSMBus { i2c_smbus_write_byte_data(descriptor, register, value) }
        if result < 0 { throw failure(-result, address: address, action: "write to") }
        answered.insert(address)
    }

    /// Writes `bytes` (1…32) after `register` of the device at `address` in one SMBus
    /// "I2C block write".
    /// - Throws: `DeviceError` naming the path, the address, the errno and the fix.
    func write(address: UInt8, register: UInt8, bytes: [UInt8]) throws(DeviceError) {
        guard (1...Self.blockLimit).contains(bytes.count) else {
            throw DeviceError(
                device: path,
                message:
                    "Cannot write \(bytes.count) bytes in one transfer to \(I2CAddress.text(address)) on \(path): SMBus block writes take 1 to \(Self.blockLimit)."
            )
        }
        let descriptor = try prepare(address)
        var buffer = bytes
        let result = retryingSMBus {
            i2c_smbus_write_i2c_block_data(descriptor, register, UInt8(buffer.count), &buffer)
        }
        if result < 0 { throw failure(-result, address: address, action: "write to") }
        answered.insert(address)
    }

    /// Sends `byte` to the device at `address` with no register (SMBus "send byte").
    /// - Throws: `DeviceError` naming the path, the address, the errno and the fix.
    func send(address: UInt8, byte: UInt8) throws(DeviceError) {
        let descriptor = try prepare(address)
        let result = retryingSMBus { i2c_smbus_write_byte(descriptor, byte) }
        if result < 0 { throw failure(-result, address: address, action: "write to") }
        answered.insert(address)
    }

    /// Whether a device acknowledges `address`, without sending it any data: an SMBus
    /// "quick write" as `i2cdetect` does, or a one-byte read on adapters without quick
    /// transfers. Safe for a display the kiosk is driving: nothing on it changes.
    /// - Throws: `DeviceError` naming the path, the address, the errno and the fix
    ///   ("Nothing answers at 0x27 on /dev/i2c-1: …").
    func probe(address: UInt8) throws(DeviceError) {
        let descriptor = try prepare(address)
        let sendsQuick = sendsQuick
        let result = retryingSMBus {
            sendsQuick
                ? i2c_smbus_write_quick(descriptor, UInt8(I2C_SMBUS_WRITE))
                : i2c_smbus_read_byte(descriptor)
        }
        if result < 0 { throw failure(-result, address: address, action: "probe") }
        answered.insert(address)
    }

    /// Closes the bus device; the next transfer opens it again.
    public func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
        selected = nil
    }

    // MARK: Opening

    func prepare(_ address: UInt8) throws(DeviceError) -> Int32 {
        if descriptor < 0 {
            let opened = retryingInterrupts { open(path, O_RDWR | O_CLOEXEC) }
            if opened < 0 {
                throw Self.error(errno, path: path, address: address, during: .open, busKey: busKey)
            }
            var functions: UInt = 0
            if CLinux_i2c_functionality(opened, &functions) < 0 {
                let code = errno
                Glibc.close(opened)
                throw Self.error(code, path: path, address: address, during: .open, busKey: busKey)
            }
            descriptor = opened
            readsBlocks = functions & CLinux_i2c_function_read_block() != 0
            sendsQuick = functions & CLinux_i2c_function_quick() != 0
            selected = nil
        }
        if selected != address {
            if CLinux_i2c_select_address(descriptor, address) < 0 {
                let code = errno
                close()
                throw Self.error(
                    code, path: path, address: address, during: .selectAddress, busKey: busKey)
            }
            selected = address
        }
        return descriptor
    }

    func failure(_ code: Int32, address: UInt8, action: String) -> DeviceError {
        let noAnswer = Self.isNoAnswer(code)
        let stage: Stage = answered.contains(address) ? .transferAfterAnswer : .firstTransfer
        if noAnswer {
            answered.remove(address)
        } else {
            close()
        }
        return Self.error(code, path: path, address: address, during: stage, busKey: busKey)
    }

    private func retryingSMBus(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result != -EINTR { return result }
        }
    }

    // MARK: Messages

    /// When a failure happened.
    public enum Stage: Sendable, Hashable {
        /// Opening the bus device.
        case open
        /// Selecting the address (I2C_SLAVE).
        case selectAddress
        /// A transfer to an address that has not answered yet.
        case firstTransfer
        /// A transfer to an address that answered before.
        case transferAfterAnswer
    }

    /// Whether an errno from a transfer means that no device acknowledged its address.
    public static func isNoAnswer(_ code: Int32) -> Bool {
        code == ENXIO || code == EREMOTEIO || code == EIO
    }

    /// The one-sentence error for errno `code` at `stage`, naming `path`, `address`, the
    /// errno and the fix.
    public static func error(
        _ code: Int32, path: String, address: UInt8, during stage: Stage,
        busKey: String = "sensor.bus"
    ) -> DeviceError {
        let at = I2CAddress.text(address)
        let reason = "\(systemMessage(code)) (\(errnoName(code)))"
        let wiring =
            "check the wiring (SDA to pin 3, SCL to pin 5, power and GND)"
            + (address == 0x76
                ? " or try address 0x77" : address == 0x77 ? " or try address 0x76" : "")
            + " (`i2cdetect -y \(busNumber(path))` lists the addresses that answer)"
        let sentence: String
        switch (stage, code) {
        case (.open, ENOENT):
            sentence =
                "Cannot open \(path) for the device at \(at): \(reason); enable I2C with `sudo raspi-config nonint do_i2c 0` (or dtparam=i2c_arm=on in /boot/firmware/config.txt) and reboot, or set \(busKey) to a bus that exists."
        case (.open, EACCES), (.open, EPERM):
            sentence =
                "Cannot open \(path) for the device at \(at): \(reason); add the user to group i2c (`sudo usermod -aG i2c $USER`, then log in again) or run as root."
        case (.open, ENOTTY), (.open, EINVAL), (.selectAddress, ENOTTY), (.selectAddress, EINVAL):
            sentence =
                "Cannot use \(path) for the device at \(at): \(reason); it is not an I2C bus device, so set \(busKey) to the number of a /dev/i2c-N bus."
        case (.selectAddress, EBUSY):
            sentence =
                "Cannot use address \(at) on \(path): \(reason); a kernel driver owns it (for a BME280 usually dtoverlay=i2c-sensor in /boot/firmware/config.txt): remove that overlay and reboot."
        // ENODEV on the first transfer: the adapter took the address moments ago, so it is
        // the address that is empty (i2c-stub says so this way; the kernel's I2C fault
        // codes allow it). After an answer it means the adapter itself went away.
        case (.firstTransfer, _) where isNoAnswer(code) || code == ENODEV:
            sentence = "Nothing answers at \(at) on \(path): \(reason); \(wiring)."
        case (.transferAfterAnswer, _) where isNoAnswer(code):
            sentence =
                "The device at \(at) on \(path) stopped answering: \(reason); \(wiring); the next read tries again."
        case (_, ENODEV):
            sentence =
                "The I2C adapter \(path) went away while talking to \(at): \(reason); it is opened again on the next read."
        default:
            sentence = "Cannot talk to the device at \(at) on \(path): \(reason)."
        }
        var error = DeviceError(device: path, message: sentence)
        error.errorNumber = code
        return error
    }

    /// "1" from "/dev/i2c-1"; "N" when the path does not end in a number.
    static func busNumber(_ path: String) -> String {
        let digits = path.reversed().prefix { $0.isNumber }
        return digits.isEmpty ? "N" : String(digits.reversed())
    }

    /// The symbolic name of the errno values the I2C messages use.
    static func errnoName(_ code: Int32) -> String {
        switch code {
        case ENOENT: "ENOENT"
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case ENXIO: "ENXIO"
        case EREMOTEIO: "EREMOTEIO"
        case EIO: "EIO"
        case EBUSY: "EBUSY"
        case ENOTTY: "ENOTTY"
        case EINVAL: "EINVAL"
        case ENODEV: "ENODEV"
        case ETIMEDOUT: "ETIMEDOUT"
        case EAGAIN: "EAGAIN"
        default: "errno \(code)"
        }
    }
}

/// One address on a `LinuxI2CBus`, as the `I2CDevice` port.
public struct LinuxI2CDevice: I2CDevice {
    let owner: LinuxI2CBus
    /// The 7-bit address.
    public let address: UInt8

    /// The bus device's path.
    public var bus: String { owner.path }

    /// Reads registers on the bus's thread.
    /// - Throws: `DeviceError` naming the path, address, errno and fix.
    public func read(register: UInt8, count: Int) async throws -> [UInt8] {
        try await owner.read(address: address, register: register, count: count)
    }

    /// Writes a register on the bus's thread.
    /// - Throws: `DeviceError` naming the path, address, errno and fix.
    public func write(register: UInt8, value: UInt8) async throws {
        try await owner.write(address: address, register: register, value: value)
    }

    /// Writes a block on the bus's thread.
    /// - Throws: `DeviceError` naming the path, address, errno and fix.
    public func write(register: UInt8, bytes: [UInt8]) async throws {
        try await owner.write(address: address, register: register, bytes: bytes)
    }

    /// Sends a byte on the bus's thread.
    /// - Throws: `DeviceError` naming the path, address, errno and fix.
    public func send(_ byte: UInt8) async throws {
        try await owner.send(address: address, byte: byte)
    }

    /// Whether a device acknowledges the address; nothing is written to it.
    /// - Throws: `DeviceError` naming the path, address, errno and fix.
    public func probe() async throws {
        try await owner.probe(address: address)
    }
}
