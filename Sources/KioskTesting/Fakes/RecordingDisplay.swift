public import KioskCore
import Synchronization
import Threads

/// An in-memory `Display` for tests: records frames and power changes (the newest
/// `keeping` of them, and counts them all), and fails on demand with the sentence it is
/// given. Drawing nothing at all, it is also the display a test that does not look needs.
public final class RecordingDisplay: Display {
    /// What the display was asked to do, in order.
    public enum Event: Sendable, Hashable {
        /// A frame was shown.
        case frame(PixelImage)
        /// The power was set.
        case power(DisplayPower)
    }

    /// The error a failing display throws.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The sentence.
        public var description: String
    }

    /// The size pages are rendered at.
    public let size: PixelSize
    /// How many events are kept: a long run keeps only the newest.
    public let keeping: Int
    private let state = Mutex<
        (
            events: [Event], frames: Int, powers: Int, failure: String?, frameFailure: String?,
            closed: Bool, frameThreads: Set<UInt>
        )
    >(([], 0, 0, nil, nil, false, []))

    /// A display of `size` that keeps the newest `keeping` events.
    public init(size: PixelSize, keeping: Int = .max) {
        self.size = size
        self.keeping = keeping
    }

    /// A 32-bit screen of `size`.
    public var capabilities: DisplayCapabilities { .screen(size) }

    /// Whether `close()` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Records that the display was closed.
    public func close() { state.withLock { $0.closed = true } }

    /// Everything recorded so far.
    public var events: [Event] { state.withLock { $0.events } }

    /// The threads frames were shown on (`DedicatedThread.currentID`), failed or not.
    public var frameThreads: Set<UInt> { state.withLock { $0.frameThreads } }

    /// How many frames were shown, kept or not.
    public var frameCount: Int { state.withLock { $0.frames } }

    /// How many times the power was set, kept or not.
    public var powerCount: Int { state.withLock { $0.powers } }

    /// The frames shown so far (those kept).
    public var frames: [PixelImage] {
        events.compactMap { if case .frame(let image) = $0 { image } else { nil } }
    }

    /// Makes every following call throw `message` (nil: succeed again).
    public func failNext(with message: String?) { state.withLock { $0.failure = message } }

    /// Makes every following frame throw `message`, while power changes still succeed (an
    /// unplugged panel whose backlight answers; nil: draw again).
    public func failFrames(with message: String?) {
        state.withLock { $0.frameFailure = message }
    }

    /// Records the frame, or throws the failure set with `failNext(with:)`.
    public func show(_ image: PixelImage) throws {
        let thread = DedicatedThread.currentID
        state.withLock { _ = $0.frameThreads.insert(thread) }
        try record(.frame(image))
    }

    /// Records the power change, or throws the failure set with `failNext(with:)`.
    public func setPower(_ power: DisplayPower) throws {
        try record(.power(power))
    }

    private func record(_ event: Event) throws(Failure) {
        let failure = state.withLock { state -> String? in
            if let failure = state.failure { return failure }
            if case .frame = event, let failure = state.frameFailure { return failure }
            if case .frame = event { state.frames += 1 } else { state.powers += 1 }
            state.events.append(event)
            if state.events.count > keeping { state.events.removeFirst() }
            return nil
        }
        if let failure { throw Failure(description: failure) }
    }
}
