public import FoundationEssentials

/// One source's warnings for one place: what a fetch (or a share of a national fetch)
/// answers for.
public struct WarningFeed: Sendable, Hashable, Codable {
    /// The source.
    public var source: WarningSource
    /// The place's display name, as in `WeatherWarning.place`.
    public var place: String

    /// Creates a feed.
    public init(source: WarningSource, place: String) {
        self.source = source
        self.place = place
    }
}

/// A source that cannot be reached for a place, as data: the wall says so instead of
/// showing "no warnings".
public struct WarningFeedFailure: Sendable, Hashable, Codable {
    /// The source and place.
    public var feed: WarningFeed
    /// The first failure of the current run of failures.
    public var since: Date
    /// The latest failure's sentence, which names the URL and what to do.
    public var message: String

    /// Creates a failure.
    public init(feed: WarningFeed, since: Date, message: String) {
        self.feed = feed
        self.since = since
        self.message = message
    }

    /// "warnings from NWS unavailable since 14:05", in the place's wall-clock time (its
    /// `utcOffsetSeconds`); "since Tue 14:05" when that was not today there.
    public func summary(now: Date, utcOffsetSeconds: Int, clock: ClockStyle) -> String {
        let start = LocalDateTime(since, utcOffsetSeconds: utcOffsetSeconds)
        let today = LocalDateTime(now, utcOffsetSeconds: utcOffsetSeconds).date
        let day = start.date == today ? "" : start.date.weekdayAbbreviation + " "
        return "warnings from \(feed.source.displayName) unavailable since "
            + day + start.clockText(clock)
    }
}

/// Every feed's warnings and failures: what the reducer keeps between fetches.
///
/// A fetch's answer replaces that feed's warnings (every source here answers with the
/// complete current set, so a warning missing from it is over). A failed fetch keeps the
/// last warnings, which still vanish at their end, and records the failure; the first
/// success clears it. A feed that never answered has no warnings and a failure, never an
/// empty "all clear".
public struct WarningBoard: Sendable, Hashable {
    private struct Entry: Sendable, Hashable {
        var warnings: [WeatherWarning] = []
        var lastSuccess: Date?
        var failure: WarningFeedFailure?
    }

    private var entries: [WarningFeed: Entry] = [:]

    /// An empty board.
    public init() {}

    /// Records `messages`, the feed's complete answer at `now`, resolved by
    /// ``WarningRules/resolve(_:)``; stamps them with the feed's place and clears its failure.
    public mutating func receive(_ messages: [WeatherWarning], for feed: WarningFeed, at now: Date)
    {
        let stamped = messages.map { message -> WeatherWarning in
            var message = message
            message.place = feed.place
            return message
        }
        entries[feed] = Entry(
            warnings: WarningRules.resolve(stamped), lastSuccess: now, failure: nil)
    }

    /// Records an answer that nothing changed (HTTP 304): the warnings stay, the failure goes.
    public mutating func unchanged(_ feed: WarningFeed, at now: Date) {
        var entry = entries[feed] ?? Entry()
        entry.lastSuccess = now
        entry.failure = nil
        entries[feed] = entry
    }

    /// Records a failed fetch: `message` names the URL and the fix. The warnings stay.
    public mutating func fail(_ feed: WarningFeed, message: String, at now: Date) {
        var entry = entries[feed] ?? Entry()
        let since = entry.failure?.since ?? now
        entry.failure = WarningFeedFailure(feed: feed, since: since, message: message)
        entries[feed] = entry
    }

    /// Forgets every feed whose place is not in `places` (a favourite removed).
    public mutating func keepOnly(places: Set<String>) {
        entries = entries.filter { places.contains($0.key.place) }
    }

    /// Forgets every warning that ended at or before `now`; failures stay.
    public mutating func removeEnded(at now: Date) {
        for (feed, entry) in entries {
            entries[feed]?.warnings = entry.warnings.filter { $0.isCurrent(at: now) }
        }
    }

    /// The feeds the board has heard of, in a stable order.
    public var feeds: [WarningFeed] {
        entries.keys.sorted { ($0.place, $0.source.rawValue) < ($1.place, $1.source.rawValue) }
    }

    /// The warnings shown for `place` at `now`, from every source, worst first.
    public func warnings(for place: String, at now: Date) -> [WeatherWarning] {
        WarningRules.current(
            entries.filter { $0.key.place == place }.flatMap(\.value.warnings), at: now)
    }

    /// Every place's warnings at `now`, worst first.
    public func allWarnings(at now: Date) -> [WeatherWarning] {
        WarningRules.current(entries.values.flatMap(\.warnings), at: now)
    }

    /// The failing feeds of `place`, by source.
    public func failures(for place: String) -> [WarningFeedFailure] {
        entries.filter { $0.key.place == place }.compactMap(\.value.failure)
            .sorted { $0.feed.source.rawValue < $1.feed.source.rawValue }
    }

    /// Every failing feed.
    public var failures: [WarningFeedFailure] {
        feeds.compactMap { entries[$0]?.failure }
    }

    /// When `feed` last answered, if it ever did.
    public func lastSuccess(of feed: WarningFeed) -> Date? {
        entries[feed]?.lastSuccess
    }

    /// The next instant after `now` at which the warnings shown change by the clock alone.
    public func nextChange(after now: Date) -> Date? {
        WarningRules.nextChange(in: entries.values.flatMap(\.warnings), after: now)
    }
}
