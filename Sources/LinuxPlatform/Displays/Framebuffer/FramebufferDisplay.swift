import CLinux
import Glibc
public import KioskCore
import Pixels
import Synchronization

/// A Linux framebuffer (`/dev/fb0`: HDMI, DSI, SPI TFT) as a `Display`.
///
/// Frames are converted to the device's pixel format into a shadow copy of the screen, and
/// only rows that differ from it are copied to the device, honouring `line_length`. While
/// open on a device it can hold the console in KD_GRAPHICS, so the text console does not
/// draw over the picture; `close()` (also on SIGTERM/SIGINT, wired by the daemon) restores
/// KD_TEXT. `off` blanks the screen with FBIOBLANK, or paints it black where the driver
/// cannot blank; `dim` draws frames at reduced brightness.
///
/// For tests and virtual machines it also drives a plain file of the right size with a
/// geometry given explicitly; no ioctls are made then.
public final class FramebufferDisplay: Display {
    /// The device or file path.
    public let device: String
    /// Size, pixel format and row stride.
    public let geometry: FramebufferGeometry
    /// Why the console could not be put in graphics mode; nil when it was, or not asked.
    public let consoleProblem: String?
    private let state: Mutex<State>

    private struct State {
        var descriptor: Int32
        var memory: UnsafeMutableRawPointer?
        var memoryLength: Int
        var isDevice: Bool
        var shadow: [UInt8]
        var shadowIsValid = false
        var row: [UInt8]
        var power = DisplayPower.on
        var hardwareBlanked = false
        var lastFrame: PixelImage?
        var console: (descriptor: Int32, previousMode: Int32)?
    }

    /// The visible resolution, in the panel's own orientation.
    public var size: PixelSize { PixelSize(width: geometry.width, height: geometry.height) }

    /// A screen of the visible resolution in the device's pixel format, redrawn at once;
    /// only changed rows are copied, so partial refresh is there.
    public var capabilities: DisplayCapabilities {
        .screen(size, bitsPerPixel: geometry.format.bitsPerPixel, format: "\(geometry.format)")
    }

    /// Why the console is not in graphics mode, if it is not.
    public var warning: String? { consoleProblem }

    private init(
        device: String, geometry: FramebufferGeometry, descriptor: Int32, isDevice: Bool,
        memoryLength: Int, console: (descriptor: Int32, previousMode: Int32)?,
        consoleProblem: String?
    ) {
        self.device = device
        self.geometry = geometry
        self.consoleProblem = consoleProblem
        var memory: UnsafeMutableRawPointer?
        if let mapped = mmap(nil, memoryLength, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
            mapped != MAP_FAILED
        {
            memory = mapped
        }
        // Without a mapping (a driver that refuses mmap) rows are written with pwrite.
        state = Mutex(
            State(
                descriptor: descriptor, memory: memory, memoryLength: memoryLength,
                isDevice: isDevice,
                shadow: [UInt8](repeating: 0, count: geometry.rowBytes * geometry.height),
                row: [UInt8](repeating: 0, count: geometry.rowBytes), console: console))
    }

    /// Opens a framebuffer device and reads its geometry from the kernel.
    /// - Parameters:
    ///   - device: the device, `/dev/fb0` by default.
    ///   - console: the console to hold in KD_GRAPHICS while open, or nil to leave it alone
    ///     (one-off frames, such as `render --framebuffer`). A console that cannot be
    ///     switched is not an error: `consoleProblem` says why.
    /// - Throws: `DeviceError`: no such device, no permission (group `video`), or a pixel
    ///   format the kiosk does not draw.
    public static func open(device: String = "/dev/fb0", console: String? = "/dev/tty0")
        throws(DeviceError) -> FramebufferDisplay
    {
        let descriptor = retryingInterrupts { Glibc.open(device, O_RDWR | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw FramebufferGeometry.openError(device: device, errorNumber: errno)
        }
        let geometry: FramebufferGeometry
        let memoryLength: Int
        do {
            (geometry, memoryLength) = try FramebufferGeometry.read(
                descriptor: descriptor, device: device)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        guard geometry.requiredBytes <= memoryLength else {
            Glibc.close(descriptor)
            throw DeviceError(
                device: device,
                message:
                    "Cannot draw on \(device): its \(memoryLength) bytes of memory are fewer than \(geometry) needs."
            )
        }
        var consoleState: (descriptor: Int32, previousMode: Int32)?
        var consoleProblem: String?
        if let console {
            switch switchToGraphics(console) {
            case .success(let switched): consoleState = switched
            case .failure(let problem): consoleProblem = problem.message
            }
        }
        return FramebufferDisplay(
            device: device, geometry: geometry, descriptor: descriptor, isDevice: true,
            memoryLength: memoryLength, console: consoleState, consoleProblem: consoleProblem)
    }

    /// Uses a plain file as the framebuffer memory, with the geometry given; no ioctls on
    /// it. A `console` is switched to graphics mode as `open(device:console:)` does (tests
    /// give one that cannot be, to see `consoleProblem`).
    /// - Throws: `DeviceError` when the file cannot be opened or is too small.
    public static func open(
        file: String, geometry: FramebufferGeometry, console: String? = nil
    ) throws(DeviceError) -> FramebufferDisplay {
        try geometry.validate(device: file)
        let descriptor = retryingInterrupts { Glibc.open(file, O_RDWR | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw FramebufferGeometry.openError(device: file, errorNumber: errno)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = errno
            Glibc.close(descriptor)
            throw DeviceError("read the size of", device: file, errorNumber: failure)
        }
        let length = Int(info.st_size)
        guard length >= geometry.requiredBytes else {
            Glibc.close(descriptor)
            throw DeviceError(
                device: file,
                message:
                    "Cannot use \(file) as a framebuffer: it is \(length) bytes, \(geometry) needs \(geometry.requiredBytes)."
            )
        }
        var consoleState: (descriptor: Int32, previousMode: Int32)?
        var consoleProblem: String?
        if let console {
            switch switchToGraphics(console) {
            case .success(let switched): consoleState = switched
            case .failure(let problem): consoleProblem = problem.message
            }
        }
        return FramebufferDisplay(
            device: file, geometry: geometry, descriptor: descriptor, isDevice: false,
            memoryLength: length, console: consoleState, consoleProblem: consoleProblem)
    }

    deinit { close() }

    /// Puts a frame on the screen, copying only the rows that changed.
    /// - Throws: `DeviceError` when the device cannot be written or was closed.
    public func show(_ image: PixelImage) throws {
        try state.withLock { state throws(DeviceError) in
            guard state.descriptor >= 0 else { throw closedError() }
            state.lastFrame = image
            switch state.power {
            case .off: return
            case .dim: try write(image.dimmed(to: PixelImage.dimBrightness), &state)
            case .on: try write(image, &state)
            }
        }
    }

    /// Turns the screen on, dims it, or blanks it.
    /// - Throws: `DeviceError` when the device refuses.
    public func setPower(_ power: DisplayPower) throws {
        try state.withLock { state throws(DeviceError) in
            guard state.descriptor >= 0 else { throw closedError() }
            guard power != state.power else { return }
            if power == .off {
                if state.isDevice, CLinux_fb_blank(state.descriptor, CLinux_FB_BLANK_POWERDOWN) == 0
                {
                    state.hardwareBlanked = true
                } else if state.isDevice, ![EINVAL, ENOTTY, EOPNOTSUPP].contains(errno) {
                    throw DeviceError("blank", device: device, errorNumber: errno)
                } else {
                    // The driver cannot blank (vfb, some SPI drivers): paint it black instead.
                    try write(PixelImage(width: geometry.width, height: geometry.height), &state)
                }
                state.power = .off
                return
            }
            if state.hardwareBlanked {
                if CLinux_fb_blank(state.descriptor, CLinux_FB_BLANK_UNBLANK) != 0 {
                    throw DeviceError("unblank", device: device, errorNumber: errno)
                }
                state.hardwareBlanked = false
            }
            state.power = power
            if let frame = state.lastFrame {
                try write(
                    power == .dim ? frame.dimmed(to: PixelImage.dimBrightness) : frame, &state)
            }
        }
    }

    /// Restores the console to text mode, unmaps and closes the device. Safe to call more
    /// than once, and from a signal-handling task.
    public func close() {
        state.withLock { state in
            if let console = state.console {
                _ = CLinux_console_set_mode(console.descriptor, console.previousMode)
                Glibc.close(console.descriptor)
                state.console = nil
            }
            if let memory = state.memory {
                munmap(memory, state.memoryLength)
                state.memory = nil
            }
            if state.descriptor >= 0 {
                Glibc.close(state.descriptor)
                state.descriptor = -1
            }
        }
    }

    private func closedError() -> DeviceError {
        DeviceError(device: device, message: "Cannot draw on \(device): it has been closed.")
    }

    /// Converts `image` row by row and copies the rows that differ from the shadow.
    private func write(_ image: PixelImage, _ state: inout State) throws(DeviceError) {
        let frame = image.fitted(to: size)
        let rowBytes = geometry.rowBytes
        let converter = PixelConverter(format: geometry.format)
        let valid = state.shadowIsValid
        let descriptor = state.descriptor
        let memory = state.memory
        var failure: Int32?
        frame.pixels.withUnsafeBufferPointer { pixels in
            state.row.withUnsafeMutableBytes { row in
                state.shadow.withUnsafeMutableBytes { shadow in
                    for y in 0..<geometry.height {
                        converter.convert(
                            pixels.baseAddress! + y * geometry.width, count: geometry.width,
                            into: row.baseAddress!)
                        let shadowRow = shadow.baseAddress! + y * rowBytes
                        if valid && memcmp(shadowRow, row.baseAddress!, rowBytes) == 0 { continue }
                        shadowRow.copyMemory(from: row.baseAddress!, byteCount: rowBytes)
                        let offset = geometry.offset(ofRow: y)
                        if let memory {
                            (memory + offset).copyMemory(
                                from: row.baseAddress!, byteCount: rowBytes)
                        } else if let error = Self.writeRow(
                            row.baseAddress!, count: rowBytes, at: offset, to: descriptor)
                        {
                            failure = error
                            return
                        }
                    }
                }
            }
        }
        if let failure {
            state.shadowIsValid = false
            throw DeviceError("write to", device: device, errorNumber: failure)
        }
        state.shadowIsValid = true
    }

    /// pwrite of one row; returns the errno on failure.
    private static func writeRow(
        _ bytes: UnsafeRawPointer, count: Int, at offset: Int, to descriptor: Int32
    ) -> Int32? {
        var done = 0
        while done < count {
            let written = retryingInterrupts {
                pwrite(descriptor, bytes + done, count - done, off_t(offset + done))
            }
            if written < 0 { return errno }
            if written == 0 { return ENOSPC }
            done += written
        }
        return nil
    }

    /// Opens the console and switches it to KD_GRAPHICS.
    static func switchToGraphics(_ console: String)
        -> Result<(descriptor: Int32, previousMode: Int32), DeviceError>
    {
        var descriptor = retryingInterrupts {
            Glibc.open(console, O_RDWR | O_CLOEXEC | O_NOCTTY)
        }
        if descriptor < 0 {
            descriptor = retryingInterrupts { Glibc.open(console, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
        }
        let hint =
            "the console's cursor and messages may show over the picture; run the kiosk as root or give its service TTYPath=/dev/tty1"
        guard descriptor >= 0 else {
            return .failure(
                DeviceError("open the console", device: console, errorNumber: errno, hint: hint))
        }
        var previous: Int32 = CLinux_KD_TEXT
        if CLinux_console_get_mode(descriptor, &previous) != 0 { previous = CLinux_KD_TEXT }
        guard CLinux_console_set_mode(descriptor, CLinux_KD_GRAPHICS) == 0 else {
            let failure = errno
            Glibc.close(descriptor)
            return .failure(
                DeviceError(
                    device: console,
                    message:
                        "Cannot switch the console \(console) to graphics mode: \(systemMessage(failure)); \(hint)."
                ))
        }
        return .success((descriptor, previous))
    }
}
