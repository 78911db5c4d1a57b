/// The kernel's 1-Wire devices as files: the port the DS18B20 driver is written against.
///
/// With `w1-gpio` (or another bus master) and `w1-therm` loaded, each thermometer appears
/// as a directory `/sys/bus/w1/devices/28-xxxxxxxxxxxx` (family code 28 for a DS18B20)
/// holding `w1_slave` (the scratchpad with the kernel's CRC verdict, then `t=` in
/// millidegrees) and, on kernels since 5.9, `temperature` (millidegrees only).
///
/// The contract, which every implementation keeps:
/// - `deviceNames()` lists the entries of the devices directory (bus masters such as
///   `w1_bus_master1` included); it throws when the directory cannot be read.
/// - `read(_:device:)` returns the whole text of one file, or nil when the device or the
///   file is not there (a thermometer unplugged long enough for the kernel to drop it).
///   It throws when the file is there but cannot be read.
/// - Reading `w1_slave` or `temperature` makes the kernel convert: it takes up to 750 ms,
///   so a real implementation reads on a thread of its own, never on the cooperative pool.
public protocol OneWireDeviceFiles: Sendable {
    /// Where the devices are, for messages: "/sys/bus/w1/devices".
    var directory: String { get }

    /// The names in the devices directory.
    /// - Throws: an error naming the directory when it cannot be read.
    func deviceNames() async throws -> [String]

    /// The text of `file` in the directory of `device`; nil when either is missing.
    /// - Throws: an error naming the file when it exists but cannot be read.
    func read(_ file: String, device: String) async throws -> String?
}
