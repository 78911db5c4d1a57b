import Synchronization

/// One value stream, any number of followers: each follower gets the latest value at once
/// and then every newer one, but never a backlog: a follower that falls behind skips to the
/// newest value (one buffered value per follower, nothing unbounded). Publishing never
/// waits for a follower.
public final class Broadcaster<Value: Sendable>: Sendable {
    private struct State {
        var latest: Value?
        var followers: [Int: AsyncStream<Value>.Continuation] = [:]
        var nextID = 0
        var finished = false
        var published = 0
    }
    private let state = Mutex(State())

    /// A broadcaster with nothing published yet.
    public init() {}

    /// The latest value published, if any.
    public var latest: Value? { state.withLock { $0.latest } }

    /// How many values have been published so far.
    public var publishedCount: Int { state.withLock { $0.published } }

    /// How many follow now.
    public var followerCount: Int { state.withLock { $0.followers.count } }

    /// The values from now on, starting with the latest; ends with `finish()` or when the
    /// follower stops iterating (its task is cancelled).
    public func values() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Value.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state -> Int? in
            if let latest = state.latest { continuation.yield(latest) }
            guard !state.finished else { return nil }
            state.nextID += 1
            state.followers[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.followers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `value` to every follower and keeps it for those who come later.
    public func publish(_ value: Value) {
        let followers = state.withLock { state -> [AsyncStream<Value>.Continuation] in
            guard !state.finished else { return [] }
            state.latest = value
            state.published += 1
            return Array(state.followers.values)
        }
        for follower in followers { follower.yield(value) }
    }

    /// Ends every follower's stream; later followers get the latest value and the end.
    public func finish() {
        let followers = state.withLock { state -> [AsyncStream<Value>.Continuation] in
            state.finished = true
            defer { state.followers = [:] }
            return Array(state.followers.values)
        }
        for follower in followers { follower.finish() }
    }
}
