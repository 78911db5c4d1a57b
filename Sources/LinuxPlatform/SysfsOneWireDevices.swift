import Glibc
public import KioskCore
import Threads

/// The kernel's 1-Wire devices, `/sys/bus/w1/devices/28-…/w1_slave` and `temperature`,
/// as the `OneWireDeviceFiles` port.
///
/// An actor on a thread of its own: reading `w1_slave` makes the kernel convert and wait
/// up to 750 ms, which must not hold a thread of the cooperative pool.
public actor SysfsOneWireDevices: OneWireDeviceFiles {
    /// Where the kernel lists 1-Wire devices.
    public static let defaultDirectory = "/sys/bus/w1/devices"

    /// The devices directory.
    public nonisolated let directory: String
    private let executor = DedicatedThreadExecutor()

    /// Reads run on the port's own thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// The devices under `directory`.
    public init(directory: String = defaultDirectory) { self.directory = directory }

    deinit { executor.shutdown() }

    /// The port and the device name for a configured `device` path
    /// ("/sys/bus/w1/devices/28-0316a2794dff"): its directory and its last part.
    public static func forDevice(_ path: String) -> (files: SysfsOneWireDevices, name: String) {
        (
            SysfsOneWireDevices(directory: FileSystem.directory(of: path)),
            FileSystem.fileName(of: path)
        )
    }

    /// The names in the devices directory.
    /// - Throws: `FileSystemError` naming the directory; a missing one says how to turn
    ///   1-Wire on.
    public func deviceNames() throws -> [String] {
        guard let stream = opendir(directory) else {
            let code = errno
            if code == ENOENT {
                throw FileSystemError(
                    path: directory,
                    message:
                        "There is no \(directory): no 1-Wire bus master is loaded; add dtoverlay=w1-gpio (data on GPIO4) to /boot/firmware/config.txt and reboot."
                )
            }
            throw FileSystemError("list", path: directory, errorNumber: code)
        }
        return FileSystem.names(closing: stream).sorted()
    }

    /// The text of `file` of `device`; nil when either is missing.
    /// - Throws: `FileSystemError` naming the file when it is there but cannot be read.
    public func read(_ file: String, device: String) throws -> String? {
        let path = "\(directory)/\(device)/\(file)"
        guard let bytes = try FileSystem.read(path, limit: 4096) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
