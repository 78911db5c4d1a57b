public import KioskCore
import LinuxPlatform
import Rendering
import Synchronization

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
        /// Draw this page.
        case show(PageModel)
        /// Turn the display on, dim it, or blank it.
        case power(DisplayPower)
    }

    /// The outcome of the latest frame, for `status`.
    public struct Report: Sendable, Hashable {
        /// Frames shown since start.
        public var frame: Int
        /// The display's size.
        public var size: PixelSize
        /// The power state.
        public var power: DisplayPower
        /// Why the last frame could not be shown, if so.
        public var error: String?
    }

    private let executor: DedicatedThreadExecutor
    /// Runs this actor on its own thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    private let open: @Sendable () throws -> any Display
    private let mirrorPath: String?
    private let time: any TimeSource
    private let renderer: PageRenderer?
    private let rendererProblem: String?
    private var display: (any Display)?
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
        open: @escaping @Sendable () throws -> any Display, mirrorPath: String? = nil,
        time: any TimeSource, onFrame: @escaping @Sendable (Report) -> Void = { _ in }
    ) {
        self.executor = DedicatedThreadExecutor()
        self.open = open
        self.mirrorPath = mirrorPath
        self.time = time
        self.onFrame = onFrame
        do {
            renderer = try PageRenderer()
            rendererProblem = nil
        } catch {
            renderer = nil
            rendererProblem = error.message
        }
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

    /// The latest report.
    public func report() -> Report {
        Report(frame: frame, size: currentSize, power: power, error: lastError)
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
        if let framebuffer = display as? FramebufferDisplay { framebuffer.close() }
        display = nil
        wakeWaiters()
        executor.shutdown()
    }

    // MARK: Work

    private var currentSize: PixelSize { display?.size ?? PixelSize(width: 800, height: 480) }

    private func drain() {
        while let command = queue.withLock({ state -> Command? in
            guard !state.commands.isEmpty else {
                state.draining = false
                return nil
            }
            return state.commands.removeFirst()
        }) {
            switch command {
            case .show(let model): show(model)
            case .power(let power): setPower(power)
            }
        }
    }

    private func show(_ model: PageModel) {
        guard let renderer else {
            fail(rendererProblem ?? "The page renderer could not start.")
            return
        }
        guard let display = openedDisplay() else { return }
        do {
            let image = try renderer.render(model, size: display.size).image
            try display.show(image)
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

    private func setPower(_ newPower: DisplayPower) {
        power = newPower
        guard let display = openedDisplay() else { return }
        do {
            try display.setPower(newPower)
        } catch {
            fail("\(error)")
        }
    }

    private func openedDisplay() -> (any Display)? {
        if let display { return display }
        let now = time.now().monotonic
        if let last = lastOpenAttempt, now.seconds(since: last) < 30 { return nil }
        lastOpenAttempt = now
        do {
            let opened = try open()
            display = opened
            try opened.setPower(power)
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
