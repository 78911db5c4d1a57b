public import FoundationEssentials

/// What one ask of a warning service brought for one place: its complete warnings, "not
/// modified", or a failure in one sentence. The daemon makes these from the services'
/// answers; the kiosk's board takes them.
public struct WarningFeedUpdate: Sendable, Hashable {
    /// What the answer means for the feed.
    public enum Outcome: Sendable, Hashable {
        /// The feed's complete current warnings; empty is "none".
        case warnings([WeatherWarning])
        /// Nothing changed since the last answer (HTTP 304).
        case unchanged
        /// No usable answer: the sentence names the service, the URL and the fix.
        case failed(String)
    }

    /// The service and the place.
    public var feed: WarningFeed
    /// What the answer means.
    public var outcome: Outcome

    /// Creates an update.
    public init(feed: WarningFeed, outcome: Outcome) {
        self.feed = feed
        self.outcome = outcome
    }

    /// Records the update on `board` at `now`.
    public func apply(to board: inout WarningBoard, at now: Date) {
        switch outcome {
        case .warnings(let warnings): board.receive(warnings, for: feed, at: now)
        case .unchanged: board.unchanged(feed, at: now)
        case .failed(let message): board.fail(feed, message: message, at: now)
        }
    }
}
