import CDRM
import CLinux
import Glibc
public import KioskCore
import Pixels
import Synchronization

/// A DRM/KMS screen (`/dev/dri/cardN`: HDMI, DSI, DPI, composite) as a `Display`.
///
/// It takes DRM master on the card, sets the connector's mode on a CRTC and draws into two
/// XRGB8888 dumb buffers: each frame goes into the one not shown, only the rows that
/// differ from what that buffer holds, and a page flip on the next vblank shows it (no
/// tearing). A driver without page flips gets `drmModeSetCrtc` instead (`flipProblem`
/// says so). Night mode "off" sets the connector's DPMS property, so the screen really
/// goes dark; waking sets it on and draws the newest frame. A screen unplugged and plugged
/// back in is noticed through kernel uevents; meanwhile `warning` says "no screen
/// connected" and frames are kept. A switch to another virtual terminal (Ctrl+Alt+F2,
/// `chvt 2`) is let happen: master is dropped so the console (or a desktop) can draw, and
/// taken again with the picture when the kiosk's VT is back (`VTSwitchMonitor`). `close()`
/// (also on SIGTERM, wired by the daemon) gives the CRTC back to the console, frees the
/// buffers and drops master.
public final class DRMDisplay: Display {
    /// The card, "/dev/dri/card0".
    public let card: String
    /// The connector drawn on.
    public let connector: ScreenConnector
    /// The mode set.
    public let mode: ScreenMode
    /// The buffers' layout, as the driver made them.
    public let layout: ScreenBufferLayout
    /// Why the console could not be put in graphics mode; nil when it was, or not asked.
    public let consoleProblem: String?
    let state: Mutex<State>
    let monitor: Mutex<DRMHotplugMonitor?> = Mutex(nil)
    let vtSwitches: Mutex<VTSwitchMonitor?> = Mutex(nil)

    struct State {
        var descriptor: Int32
        var scanout: DRMScanout
        var buffers: [DRMBuffer]
        var front = 0
        var damage: FlipDamage
        var shadow: [UInt8]
        var row: [UInt8]
        var power = DisplayPower.on
        var dpmsOff = false
        var connected = true
        var flipProblem: String?
        var lastFrame: PixelImage?
        var hotplugProblem: String?
        var console: (descriptor: Int32, previousMode: Int32)?
        /// Another virtual terminal is shown: master dropped, frames kept, not drawn.
        var switchedAway = false
        /// Why master could not be taken back when the kiosk's VT was shown again.
        var vtProblem: String?
    }

    /// The mode's size: the size frames are shown at.
    public var size: PixelSize { mode.size }

    /// A screen of the mode's size in XRGB8888, redrawn at once; only changed rows are
    /// drawn.
    public var capabilities: DisplayCapabilities {
        .screen(size, bitsPerPixel: 32, format: "XRGB8888")
    }

    /// "No screen connected …" while the screen is unplugged; else a console that could not
    /// be switched, or hotplug that cannot be watched.
    public var warning: String? {
        state.withLock { state in
            if !state.connected {
                return
                    "No screen connected to \(connector.name) on \(card); the kiosk draws again as soon as one is plugged in."
            }
            if state.switchedAway {
                return
                    "Another virtual terminal is shown on \(connector.name) of \(card); the kiosk draws again when its own is switched back to (Ctrl+Alt+F1, or `sudo chvt 1`)."
            }
            return state.vtProblem ?? state.hotplugProblem ?? consoleProblem
        }
    }

    /// Why frames are shown with `drmModeSetCrtc` instead of a page flip; nil while page
    /// flips work.
    public var flipProblem: String? { state.withLock { $0.flipProblem } }

    /// Whether the connector's DPMS property is off (night mode "off").
    public var isPoweredDown: Bool { state.withLock { $0.dpmsOff } }

    /// "HDMI-A-1 on /dev/dri/card0, 1920x1080@60 (page flips)".
    public var summary: String {
        "\(connector.name) on \(card), \(mode) (\(flipProblem == nil ? "page flips on vblank" : "drmModeSetCrtc, no page flips"))"
    }

    private init(
        card: String, connector: ScreenConnector, mode: ScreenMode, layout: ScreenBufferLayout,
        consoleProblem: String?, state: sending State
    ) {
        self.card = card
        self.connector = connector
        self.mode = mode
        self.layout = layout
        self.consoleProblem = consoleProblem
        self.state = Mutex(state)
    }

    /// Opens the screen: the connector `connector` names (`display.connector`), else the
    /// first with a screen on any card; the mode `mode` asks for, else the preferred one.
    /// - Parameters:
    ///   - console: the console to hold in KD_GRAPHICS while open, or nil to leave it.
    ///   - watchHotplug: whether to follow screens plugged in and out (not for one-off
    ///     frames).
    /// - Throws: `DeviceError` in one sentence: no card or no permission (group video), no
    ///   screen connected, another program is DRM master, a mode the screen lacks.
    public static func open(
        connector wanted: String?, mode wantedMode: ScreenModeRequest?,
        console: String? = "/dev/tty0", watchHotplug: Bool = true
    ) throws(DeviceError) -> DRMDisplay {
        let cards = try DRMCards.read()
        let chosen: ScreenConnector
        let mode: ScreenMode
        do {
            chosen = try ScreenChoice.connector(
                among: cards.flatMap(\.connectors), wanted: wanted)
            mode = try ScreenChoice.mode(
                among: chosen.modes, wanted: wantedMode, connector: chosen.name)
        } catch {
            throw DeviceError(device: DRMCards.directory, message: error.message)
        }
        let card = chosen.card
        let descriptor = try DRMCards.open(card)
        var buffers: [DRMBuffer] = []
        var scanout: DRMScanout?
        func giveUp(_ error: DeviceError) -> DeviceError {
            for buffer in buffers { DRMScanout.free(buffer, descriptor: descriptor) }
            scanout?.release()
            _ = drmDropMaster(descriptor)
            Glibc.close(descriptor)
            return error
        }
        if drmIsMaster(descriptor) == 0, drmSetMaster(descriptor) != 0 {
            throw giveUp(masterError(card: card, errorNumber: errno))
        }
        var capability: UInt64 = 0
        guard drmGetCap(descriptor, CDRM_CAP_DUMB_BUFFER, &capability) == 0, capability != 0
        else {
            throw giveUp(
                DeviceError(
                    device: card,
                    message: "Cannot draw on \(card): its driver has no dumb buffers."))
        }
        let found: DRMScanout
        let layout: ScreenBufferLayout
        do {
            found = try DRMScanout.find(descriptor: descriptor, connector: chosen, mode: mode)
            scanout = found
            let (first, made) = try DRMScanout.makeBuffer(
                descriptor: descriptor, width: mode.width, height: mode.height, card: card)
            buffers.append(first)
            let (second, _) = try DRMScanout.makeBuffer(
                descriptor: descriptor, width: mode.width, height: mode.height, card: card)
            buffers.append(second)
            layout = made
        } catch {
            throw giveUp(error)
        }
        guard found.set(descriptor: descriptor, framebuffer: buffers[0].framebuffer) else {
            throw giveUp(
                DeviceError(
                    "set the mode \(mode) of \(chosen.name) on", device: card, errorNumber: errno))
        }
        var consoleState: (descriptor: Int32, previousMode: Int32)?
        var consoleProblem: String?
        if let console {
            switch FramebufferDisplay.switchToGraphics(console) {
            case .success(let switched): consoleState = switched
            case .failure(let problem): consoleProblem = problem.message
            }
        }
        let display = DRMDisplay(
            card: card, connector: chosen, mode: mode, layout: layout,
            consoleProblem: consoleProblem,
            state: State(
                descriptor: descriptor, scanout: found, buffers: buffers,
                damage: FlipDamage(buffers: 2, height: mode.height),
                shadow: [UInt8](repeating: 0, count: layout.rowBytes * mode.height),
                row: [UInt8](repeating: 0, count: layout.rowBytes), console: consoleState))
        if watchHotplug { display.startWatchingHotplug() }
        if let consoleState { display.followSwitches(of: consoleState.descriptor) }
        return display
    }

    deinit { close() }

    /// Puts a frame on the screen: the changed rows into the back buffer, then a flip.
    /// - Throws: `DeviceError` when the flip or mode set fails, or after `close()`.
    public func show(_ image: PixelImage) throws {
        try state.withLock { state throws(DeviceError) in
            guard state.descriptor >= 0 else { throw closedError() }
            state.lastFrame = image
            guard state.connected, !state.switchedAway else { return }
            switch state.power {
            case .off: return
            case .dim: try draw(image.dimmed(to: PixelImage.dimBrightness), &state)
            case .on: try draw(image, &state)
            }
        }
    }

    /// Turns the screen on, dims it, or powers it down through DPMS.
    /// - Throws: `DeviceError` when the driver refuses.
    public func setPower(_ power: DisplayPower) throws {
        try state.withLock { state throws(DeviceError) in
            guard state.descriptor >= 0 else { throw closedError() }
            guard power != state.power else { return }
            if power == .off {
                state.power = .off
                guard state.connected, !state.switchedAway else { return }
                if let property = state.scanout.dpmsProperty,
                    drmModeConnectorSetProperty(
                        state.descriptor, state.scanout.connectorID, property, CDRM_DPMS_OFF) == 0
                {
                    state.dpmsOff = true
                } else {
                    // No DPMS on this connector: paint it black instead.
                    try draw(PixelImage(width: mode.width, height: mode.height), &state)
                }
                return
            }
            state.power = power
            guard state.connected, !state.switchedAway else { return }
            if state.dpmsOff { try wake(&state) }
            if let frame = state.lastFrame {
                try draw(power == .dim ? frame.dimmed(to: PixelImage.dimBrightness) : frame, &state)
            }
        }
    }

    /// Gives the CRTC back to the console, frees the buffers, drops DRM master, restores
    /// the console to text mode. Safe to call more than once, and from a signal-handling
    /// task.
    public func close() {
        monitor.withLock { monitor in
            monitor?.stop()
            monitor = nil
        }
        // Before the console is closed: its VT switches on its own again.
        vtSwitches.withLock { watch in
            watch?.stop()
            watch = nil
        }
        state.withLock { state in
            guard state.descriptor >= 0 else { return }
            if state.dpmsOff, let property = state.scanout.dpmsProperty {
                _ = drmModeConnectorSetProperty(
                    state.descriptor, state.scanout.connectorID, property, CDRM_DPMS_ON)
            }
            state.scanout.restore(descriptor: state.descriptor)
            for buffer in state.buffers { DRMScanout.free(buffer, descriptor: state.descriptor) }
            state.buffers = []
            state.scanout.release()
            _ = drmDropMaster(state.descriptor)
            Glibc.close(state.descriptor)
            state.descriptor = -1
            if let console = state.console {
                _ = CLinux_console_set_mode(console.descriptor, console.previousMode)
                Glibc.close(console.descriptor)
                state.console = nil
            }
        }
    }

    // MARK: Drawing

    private func closedError() -> DeviceError {
        DeviceError(device: card, message: "Cannot draw on \(card): it has been closed.")
    }

    /// Converts `image`, notes the rows that differ from the last frame, draws the stale
    /// rows of the back buffer and shows it.
    func draw(_ image: PixelImage, _ state: inout State) throws(DeviceError) {
        let frame = image.fitted(to: size)
        let rowBytes = layout.rowBytes
        let converter = PixelConverter(format: .xrgb8888)
        var changed: [Int] = []
        frame.pixels.withUnsafeBufferPointer { pixels in
            state.row.withUnsafeMutableBytes { row in
                state.shadow.withUnsafeMutableBytes { shadow in
                    for y in 0..<mode.height {
                        converter.convert(
                            pixels.baseAddress! + y * mode.width, count: mode.width,
                            into: row.baseAddress!)
                        let shadowRow = shadow.baseAddress! + y * rowBytes
                        if memcmp(shadowRow, row.baseAddress!, rowBytes) == 0 { continue }
                        shadowRow.copyMemory(from: row.baseAddress!, byteCount: rowBytes)
                        changed.append(y)
                    }
                }
            }
        }
        state.damage.frameChanged(rows: changed)
        let back = 1 - state.front
        let ranges = state.damage.take(buffer: back)
        // Nothing stale in the back buffer and nothing new: the front shows this frame.
        if ranges.isEmpty && changed.isEmpty { return }
        let memory = state.buffers[back].memory
        state.shadow.withUnsafeBytes { shadow in
            for range in ranges {
                for y in range {
                    (memory + layout.offset(ofRow: y)).copyMemory(
                        from: shadow.baseAddress! + y * rowBytes, byteCount: rowBytes)
                }
            }
        }
        try present(back, &state)
    }

    /// Shows buffer `index`: a page flip on vblank, or a mode set where flips fail.
    private func present(_ index: Int, _ state: inout State) throws(DeviceError) {
        let framebuffer = state.buffers[index].framebuffer
        if state.flipProblem == nil {
            let result = CDRM_page_flip_and_wait(
                state.descriptor, state.scanout.crtcID, framebuffer, 1000)
            if result == 0 {
                state.front = index
                return
            }
            let failure = errno
            if result == -2 {
                throw DeviceError(
                    "wait for a vblank of \(connector.name) on", device: card,
                    errorNumber: failure)
            }
            guard [EINVAL, ENOSYS, EOPNOTSUPP].contains(failure) else {
                throw DeviceError(
                    "flip to the next frame on \(connector.name) of", device: card,
                    errorNumber: failure)
            }
            state.flipProblem =
                "the driver of \(card) refuses page flips (\(systemMessage(failure))), so frames are shown with drmModeSetCrtc and may tear"
        }
        guard state.scanout.set(descriptor: state.descriptor, framebuffer: framebuffer) else {
            throw DeviceError(
                "show a frame on \(connector.name) of", device: card, errorNumber: errno)
        }
        state.front = index
    }

    /// DPMS on, and the mode set again with the buffer last shown.
    private func wake(_ state: inout State) throws(DeviceError) {
        if let property = state.scanout.dpmsProperty,
            drmModeConnectorSetProperty(
                state.descriptor, state.scanout.connectorID, property, CDRM_DPMS_ON) != 0
        {
            throw DeviceError(
                "wake the screen on \(connector.name) of", device: card, errorNumber: errno)
        }
        state.dpmsOff = false
        guard
            state.scanout.set(
                descriptor: state.descriptor, framebuffer: state.buffers[state.front].framebuffer)
        else {
            throw DeviceError(
                "set the mode \(mode) of \(connector.name) on", device: card, errorNumber: errno)
        }
    }
}
