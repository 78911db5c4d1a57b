import CLinux
import Glibc
public import KioskCore
import Threads

/// An SPI device through the kernel's spidev (`/dev/spidev0.0`): mode, 8-bit words, the
/// clock speed, and writes through `SPI_IOC_MESSAGE`, split into transfers of at most the
/// driver's `bufsiz` (4096 bytes unless `spidev.bufsiz=` raised it).
///
/// An actor on a thread of its own: every transfer blocks that thread only. The device is
/// opened on the first write and again after a failure, so a bus enabled later
/// (`dtparam=spi=on` and a reboot) is picked up without a restart.
public actor LinuxSPIDevice: SPIDevice {
    /// The spidev path.
    public nonisolated let device: String
    /// The clock in Hz.
    public nonisolated let speedHz: UInt32
    /// The SPI mode, 0…3.
    public nonisolated let mode: UInt8
    /// The largest transfer: spidev's `bufsiz`.
    public nonisolated let transferLimit: Int
    private let executor = DedicatedThreadExecutor()
    private var descriptor: Int32 = -1

    /// Transfers run on the device's own thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// The device at `path`, clocked at `speedHz` in `mode`. Nothing is opened yet.
    /// `transferLimit` defaults to what `/sys/module/spidev/parameters/bufsiz` says.
    public init(
        path: String, speedHz: UInt32 = 3_000_000, mode: UInt8 = 0, transferLimit: Int? = nil
    ) {
        device = path
        self.speedHz = speedHz
        self.mode = mode
        self.transferLimit = max(1, transferLimit ?? Self.kernelBufferSize())
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
        executor.shutdown()
    }

    /// spidev's `bufsiz` module parameter; 4096 when it cannot be read.
    public static func kernelBufferSize(
        parameter: String = "/sys/module/spidev/parameters/bufsiz"
    ) -> Int {
        guard let file = fopen(parameter, "r") else { return 4096 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 32)
        guard fgets(&line, Int32(line.count), file) != nil,
            let value = Int(
                String(
                    decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self
                ).trimmingWhitespace), value > 0
        else { return 4096 }
        return value
    }

    /// Clocks `bytes` out, in transfers of at most `transferLimit` bytes.
    /// - Throws: `DeviceError` naming the device, the errno and what to check.
    public func write(_ bytes: [UInt8]) throws(DeviceError) {
        let descriptor = try opened()
        var offset = 0
        while offset < bytes.count {
            let count = min(transferLimit, bytes.count - offset)
            let sent = bytes.withUnsafeBufferPointer { buffer in
                retryingInterrupts {
                    CLinux_spi_write(
                        descriptor, buffer.baseAddress! + offset, UInt32(count), speedHz)
                }
            }
            if sent < 0 {
                let error = errno
                close()
                throw DeviceError(
                    "write to", device: device, errorNumber: error,
                    hint: error == EMSGSIZE
                        ? "the transfer is larger than spidev's bufsiz (\(transferLimit) bytes)"
                        : "check the SPI wiring and that no other program uses the panel")
            }
            offset += count
        }
    }

    private func opened() throws(DeviceError) -> Int32 {
        if descriptor >= 0 { return descriptor }
        let opened = retryingInterrupts { open(device, O_RDWR | O_CLOEXEC) }
        guard opened >= 0 else {
            let error = errno
            throw DeviceError(
                "open", device: device, errorNumber: error,
                hint: error == ENOENT
                    ? "turn SPI on (dtparam=spi=on and dtoverlay=spi0-0cs in /boot/firmware/config.txt) and reboot"
                    : error == EACCES || error == EPERM
                        ? "add the user to group spi (sudo usermod -aG spi $USER), or run as root"
                        : nil)
        }
        guard CLinux_spi_configure(opened, mode, speedHz) == 0 else {
            let error = errno
            Glibc.close(opened)
            throw DeviceError(
                "set mode \(mode) at \(speedHz) Hz on", device: device, errorNumber: error,
                hint: error == ENOTTY ? "it is not an spidev device" : nil)
        }
        descriptor = opened
        return opened
    }

    private func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }
}
