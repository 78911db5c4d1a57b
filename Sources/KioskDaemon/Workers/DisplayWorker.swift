public import KioskCore
import KioskDisplays
import LinuxPlatform
import Synchronization
import Threads

/// Draws pages and puts them on the display, on a thread of its own: Cairo and framebuffer
/// copies are blocking C calls and never run on the cooperative pool.
///
/// Commands run in the order they were submitted; a page queued behind another page
/// replaces it (only the newest picture matters). A display that could not be opened is
/// tried again at most every 30 seconds, so an HDMI screen connected after boot appears by
/// itself. The last frame is kept for `screenshot` and `preview`.
public actor DisplayWorker {
    /// What the worker can be asked to do.
    public enum Command: Sendable {
        /// Draw step `step` of this page, which shows `slide` (nil outside the daemon), with
        /// a full refresh or a partial one where the display tells them apart (e-paper).
        case show(PageModel, slide: Slide? = nil, step: Int = 0, fullRefresh: Bool = true)
        /// Turn the display on, dim it, or blank it.
        case power(DisplayPower)
    }

    /// The outcome of the latest frame, for `status`.
    public struct Report: Sendable, Hashable {
        /// Frames shown since start.
        public var frame: Int
        /// The display's size: "800x480", or "20x4" characters.
        public var size: String
        /// The power state.
        public var power: DisplayPower
        /// Why the last frame could not be shown, if so.
        public var error: String?
        /// A problem that does not stop the frames but spoils them: the console could not
        /// be put in graphics mode, so its text may show over the picture.
        public var warning: String? = nil
        /// Which output the frames go to and why (a DRM connector, `auto`'s choice).
        public var output: String? = nil
        /// How the picture is turned on the panel (`display.rotate`).
        public var rotation = DisplayRotation.upright
        /// What the open display is and can do, for planning frames; nil while none is open.
        public var capabilities: DisplayCapabilities? = nil
        /// How many steps the slide shown takes on a small display (a city page on a 16×2
        /// LCD: 3), for the reducer, which times them.
        public var steps: SlideSteps? = nil
    }

    /// How many steps a slide takes on this display.
    public struct SlideSteps: Sendable, Hashable {
        /// The slide.
        public var slide: Slide
        /// Its steps, at least 1.
        public var count: Int
    }

    private let executor: DedicatedThreadExecutor
    /// Runs this actor on its own thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// The thread the worker draws on, once it runs (`DedicatedThread.currentID` there).
    public nonisolated var threadID: UInt? { executor.threadID }

    private let open: @Sendable () async throws -> any PageDisplay
    private let mirrorPath: String?
    private let time: any TimeSource
    private var display: (any PageDisplay)?
    private var steps: SlideSteps?
    private var lastOpenAttempt: MonotonicInstant?
    private var power = DisplayPower.on
    private var frame = 0
    private var lastImage: PixelImage?
    private var lastError: String?
    private var waiters: [(after: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private let queue = Mutex<(commands: [Command], draining: Bool)>(([], false))
    private let onFrame: @Sendable (Report) -> Void

    /// A worker for the display `open` makes (called again after a failure).
    /// - Parameters:
    ///   - mirrorPath: a PNG file that also gets every frame (`display.mirror_png`).
    ///   - onFrame: told after every frame, shown or failed (the engine's READY=1 and logs).
    public init(
        open: @escaping @Sendable () async throws -> any PageDisplay, mirrorPath: String? = nil,
        time: any TimeSource,
        onFrame: @escaping @Sendable (Report) -> Void = { _ in }
    ) {
        self.executor = DedicatedThreadExecutor()
        self.open = open
        self.mirrorPath = mirrorPath
        self.time = time
        self.onFrame = onFrame
    }

    /// Queues a command; returns at once.
    public nonisolated func submit(_ command: Command) {
        let start = queue.withLock { state -> Bool in
            if case .show = command, case .show? = state.commands.last {
                state.commands[state.commands.count - 1] = command
            } else {
                state.commands.append(command)
            }
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
        if start { Task { await self.drain() } }
    }

    /// Follows the kiosk's snapshots until the stream ends or the task is cancelled: a
    /// changed power is applied, a new frame number drawn (the newest only, when frames
    /// come faster than the display takes them).
    public nonisolated func follow(_ snapshots: AsyncStream<KioskSnapshot>) async {
        var power = DisplayPower.on
        var frame: Int?
        for await snapshot in snapshots {
            if snapshot.power != power {
                power = snapshot.power
                submit(.power(power))
            }
            if snapshot.frame != frame {
                frame = snapshot.frame
                submit(
                    .show(
                        snapshot.page, slide: snapshot.slide, step: snapshot.step,
                        fullRefresh: snapshot.panelFullRefresh))
            }
        }
    }

    /// The latest report.
    public func report() -> Report {
        Report(
            frame: frame, size: display?.sizeDescription ?? "none", power: power,
            error: lastError, warning: display?.warning, output: display?.output,
            rotation: display?.capabilities.rotation ?? .upright,
            capabilities: display?.capabilities, steps: steps)
    }

    /// Opens the display if it is not open (at most every 30 seconds, as for a frame) and
    /// says what it is, so that the kiosk plans its first frame for it (an e-paper panel
    /// refreshes minutes apart); nil while none could be opened (the report says why).
    public func describe() async -> DisplayCapabilities? {
        await openedDisplay()?.capabilities
    }

    /// The last frame shown and its number, if any.
    public func lastFrame() -> (frame: Int, image: PixelImage)? {
        lastImage.map { (frame, $0) }
    }

    /// Waits until a frame newer than `after` exists (or `timeout` seconds pass) and
    /// returns the newest.
    public func frame(after: Int, timeout: Double) async -> (frame: Int, image: PixelImage)? {
        if frame > after || lastImage == nil && timeout <= 0 { return lastFrame() }
        let deadline = time.now().monotonic.advanced(bySeconds: timeout)
        let timer = Task { [time] in
            try? await time.sleep(until: deadline)  // Cancelled when a frame came first.
            self.wakeWaiters()
        }
        await withCheckedContinuation { continuation in waiters.append((after, continuation)) }
        timer.cancel()
        return lastFrame()
    }

    /// Closes the display (the framebuffer gives the console back) and stops the thread.
    public func close() {
        display?.close()
        display = nil
        wakeWaiters()
        executor.shutdown()
    }

    // MARK: Work

    private func drain() async {
        while let command = queue.withLock({ state -> Command? in
            guard !state.commands.isEmpty else {
                state.draining = false
                return nil
            }
            return state.commands.removeFirst()
        }) {
            switch command {
            case .show(let model, let slide, let step, let full):
                await show(model, slide: slide, step: step, fullRefresh: full)
            case .power(let power): await setPower(power)
            }
        }
    }

    private func show(_ model: PageModel, slide: Slide?, step: Int, fullRefresh: Bool) async {
        guard let display = await openedDisplay() else { return }
        do {
            let count = max(1, display.steps(for: model))
            if let slide { steps = SlideSteps(slide: slide, count: count) }
            let step = min(step, count - 1)
            let image = try await display.show(
                model, step: step, power: power, fullRefresh: fullRefresh)
            frame += 1
            lastImage = image
            lastError = nil
            if let mirrorPath {
                do {
                    try PNGDisplay(path: mirrorPath, size: image.size).show(image)
                } catch {
                    lastError = "\(error)"
                }
            }
            wakeWaiters()
            onFrame(report())
        } catch {
            fail("\(error)")
        }
    }

    private func setPower(_ newPower: DisplayPower) async {
        power = newPower
        guard let display = await openedDisplay() else { return }
        do {
            try await display.setPower(newPower)
        } catch {
            fail("\(error)")
        }
    }

    private func openedDisplay() async -> (any PageDisplay)? {
        if let display { return display }
        let now = time.now().monotonic
        if let last = lastOpenAttempt, now.seconds(since: last) < 30 { return nil }
        lastOpenAttempt = now
        do {
            let opened = try await open()
            display = opened
            if power != .on { try await opened.setPower(power) }
            return opened
        } catch {
            fail("\(error)")
            return nil
        }
    }

    private func fail(_ message: String) {
        lastError = message
        onFrame(report())
    }

    private func wakeWaiters() {
        let ready = waiters
        waiters = []
        ready.forEach { $0.continuation.resume() }
    }
}
