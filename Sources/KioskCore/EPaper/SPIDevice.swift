/// One device on an SPI bus (`/dev/spidev0.0`), seen as a sink of bytes: the port every
/// e-paper driver writes its commands and pixels through.
///
/// The contract, which every implementation keeps:
/// - `write(_:)` clocks out every byte, in order, at the device's speed and mode; a long
///   write may go out as several transfers (the kernel's spidev takes at most `bufsiz`
///   bytes, 4096 by default, per transfer), which a controller cannot tell apart because
///   its chip select is a GPIO line the driver holds low around the whole write;
/// - it suspends the caller instead of blocking a thread of the cooperative pool;
/// - a failure throws an error whose `description` is one sentence naming the device and
///   what to check; nothing is retried except a system call interrupted by a signal;
/// - calls do not overlap: the device has one owner, its driver.
public protocol SPIDevice: Sendable {
    /// The device as a person finds it: "/dev/spidev0.0", "the simulated SPI bus".
    var device: String { get }

    /// Clocks `bytes` out to the device.
    /// - Throws: an error naming the device when the transfer fails.
    func write(_ bytes: [UInt8]) async throws
}

/// The GPIO lines an SPI e-paper panel needs beside the bus, by what they do.
public enum PanelLine: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// RESET, active low: output.
    case reset
    /// DC: low for a command byte, high for data: output.
    case dataCommand = "data/command"
    /// CS, active low, driven as a GPIO (`dtoverlay=spi0-0cs`): output.
    case chipSelect = "chip select"
    /// BUSY from the controller: input.
    case busy

    /// "reset", "data/command", "chip select", "busy".
    public var description: String { rawValue }
}

/// The control lines of one e-paper panel (RESET, DC, CS out; BUSY in) and the time they
/// are waited on: the other port an e-paper driver is written against.
///
/// The contract, which every implementation keeps:
/// - `set(_:high:)` drives an output line and returns when the level is on the pin;
///   setting `.busy` is a programmer error;
/// - `waitForBusy(toRead:timeout:)` returns `true` as soon as BUSY reads `level`
///   (at once when it already does), `false` when `timeout` passed without it: a panel
///   that is unplugged or a wrong pin leaves BUSY where it is, and the driver turns that
///   into a sentence naming the pin; it never waits longer than `timeout`;
/// - `pause(_:)` waits a short time the datasheet asks for (reset pulses), on the same
///   clock as the BUSY waits, so a simulated panel can count it;
/// - `name(of:)` is the line as the user configured it ("GPIO17"), for messages;
/// - a failure of the GPIO chip throws one sentence naming the chip and line.
public protocol PanelControlLines: Sendable {
    /// The line's name as configured: "GPIO17", "BCM 17".
    func name(of line: PanelLine) -> String

    /// Drives output `line` high or low.
    /// - Throws: an error naming the GPIO chip and line when it cannot be set.
    func set(_ line: PanelLine, high: Bool) async throws

    /// Waits until BUSY reads `level` (true: high), at most `timeout`.
    /// - Returns: whether BUSY reached `level` in time.
    /// - Throws: an error naming the GPIO chip and line when it cannot be read.
    func waitForBusy(toRead level: Bool, timeout: Duration) async throws -> Bool

    /// Waits `duration` (a reset pulse, the settling time after one).
    /// - Throws: `CancellationError` when the task is cancelled.
    func pause(_ duration: Duration) async throws
}
