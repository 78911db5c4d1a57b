public import KioskCore
import Synchronization

/// An in-memory `Display` for tests: records every frame and power change, and fails on
/// demand with the sentence it is given.
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
    private let state = Mutex<(events: [Event], failure: String?, closed: Bool)>(([], nil, false))

    /// A display of `size`.
    public init(size: PixelSize) { self.size = size }

    /// A 32-bit screen of `size`.
    public var capabilities: DisplayCapabilities { .screen(size) }

    /// Whether `close()` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Records that the display was closed.
    public func close() { state.withLock { $0.closed = true } }

    /// Everything recorded so far.
    public var events: [Event] { state.withLock { $0.events } }

    /// The frames shown so far.
    public var frames: [PixelImage] {
        events.compactMap { if case .frame(let image) = $0 { image } else { nil } }
    }

    /// Makes every following call throw `message` (nil: succeed again).
    public func failNext(with message: String?) { state.withLock { $0.failure = message } }

    /// Records the frame, or throws the failure set with `failNext(with:)`.
    public func show(_ image: PixelImage) throws {
        try record(.frame(image))
    }

    /// Records the power change, or throws the failure set with `failNext(with:)`.
    public func setPower(_ power: DisplayPower) throws {
        try record(.power(power))
    }

    private func record(_ event: Event) throws(Failure) {
        let failure = state.withLock { state -> String? in
            if let failure = state.failure { return failure }
            state.events.append(event)
            return nil
        }
        if let failure { throw Failure(description: failure) }
    }
}
