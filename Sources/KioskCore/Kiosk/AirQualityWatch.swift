public import FoundationEssentials

/// One place's air-quality forecast as the kiosk keeps it: what `state_dir/air-quality.json`
/// stores and what the reducer holds for the pages.
public struct AirQualityEntry: Sendable, Hashable, Codable {
    /// The coordinate it was requested for (a favourite's, not the model's grid point).
    public var coordinate: Coordinate
    /// When it was fetched.
    public var fetchedAt: Date
    /// The forecast.
    public var forecast: AirQualityForecast

    /// Creates an entry.
    public init(coordinate: Coordinate, fetchedAt: Date, forecast: AirQualityForecast) {
        self.coordinate = coordinate
        self.fetchedAt = fetchedAt
        self.forecast = forecast
    }
}

extension [AirQualityEntry] {
    /// The entry for `coordinate` (to 4 decimals, as `ForecastEntry.sameKey`), if any.
    public func entry(for coordinate: Coordinate) -> AirQualityEntry? {
        first { ForecastEntry.sameKey($0.coordinate, coordinate) }
    }

    /// These entries with `fresh` in front, replacing the entries for their places.
    public func merging(_ fresh: [AirQualityEntry]) -> [AirQualityEntry] {
        fresh
            + filter { old in
                !fresh.contains { ForecastEntry.sameKey($0.coordinate, old.coordinate) }
            }
    }
}

/// The air quality as a machine of its own: one batched request for every favourite to
/// Open-Meteo's Air Quality API, at most once an interval (an hour, or the forecast's
/// interval when that is longer: the CAMS model runs twice a day), at this kiosk's
/// `RequestSchedule` slots; backing off after a failure as the forecast does, and keeping the
/// last good answer until it is `staleSeconds` old.
public struct AirQualityWatch: Sendable, Hashable {
    /// The shortest time between two fetches, seconds: an hour.
    public static let minimumIntervalSeconds = 3600.0
    /// How old an answer may be and still be shown, seconds: three hours (three missed
    /// hourly fetches). Older, the pages and `forecast` say nothing of the air rather than
    /// an old index.
    public static let staleSeconds = 3 * 3600.0

    /// Where the asking is.
    public enum Phase: Sendable, Hashable {
        /// Waiting: the next fetch is due at `due` (the slot `slot`, wall clock, when it is
        /// one).
        case waiting(due: MonotonicInstant, slot: Date?)
        /// A request is under way; it was due at `slot` (wall clock). `again`: the places or
        /// the address changed meanwhile, so another follows at once.
        case fetching(slot: Date, again: Bool)
    }

    /// Where the asking is now.
    public internal(set) var phase: Phase
    /// The last good answer for each place.
    public internal(set) var entries: [AirQualityEntry] = []
    /// When the newest answer came (wall clock); nil before the first.
    public internal(set) var fetchedAt: Date?
    /// Failed requests in a row.
    public internal(set) var failures = 0
    /// The last failure's sentence, while no request has succeeded since.
    public internal(set) var error: String?
    /// This kiosk's slots.
    public internal(set) var schedule: RequestSchedule

    /// A watch whose first fetch is due at `due`, with slots every `interval(refreshMinutes:)`
    /// at the offset `seed` gives.
    public init(due: MonotonicInstant, refreshMinutes: Int, seed: String) {
        phase = .waiting(due: due, slot: nil)
        schedule = RequestSchedule(
            interval: Self.interval(refreshMinutes: refreshMinutes), seed: seed + "/air-quality")
    }

    /// Seconds between fetches: the forecast's interval, but never less than an hour.
    public static func interval(refreshMinutes: Int) -> Double {
        max(minimumIntervalSeconds, Double(refreshMinutes * 60))
    }

    /// Whether a request is under way.
    public var isFetching: Bool {
        if case .fetching = phase { true } else { false }
    }

    /// The deadline to wake for: the next fetch, none while one is under way.
    public var deadline: MonotonicInstant? {
        if case .waiting(let due, _) = phase { due } else { nil }
    }

    /// The answer for `coordinate` while it is not stale at `now`.
    public func shown(for coordinate: Coordinate, at now: Date) -> AirQualityForecast? {
        guard let entry = entries.entry(for: coordinate), !Self.isStale(entry, at: now) else {
            return nil
        }
        return entry.forecast
    }

    /// Whether `entry` is too old to show at `now` (or dated in the future: a clock that was
    /// wrong).
    public static func isStale(_ entry: AirQualityEntry, at now: Date) -> Bool {
        let age = now.timeIntervalSince(entry.fetchedAt)
        return age > staleSeconds || age < -RequestSchedule.margin
    }

    /// Starts a request when one is due at `now`.
    /// - Returns: whether it started one (the reducer then asks for `.fetchAirQuality`).
    mutating func startIfDue(at now: KioskTime) -> Bool {
        guard case .waiting(let due, let slot) = phase, now.monotonic >= due else { return false }
        phase = .fetching(slot: slot ?? now.wall, again: false)
        return true
    }

    /// Puts the next fetch at this kiosk's first slot a whole interval after `after` (wall
    /// clock), unless a request is under way.
    mutating func wait(after: Date, at now: KioskTime) {
        guard !isFetching else { return }
        let slot = schedule.nextSlot(atOrAfter: after.addingTimeInterval(schedule.interval))
        phase = .waiting(due: instant(of: slot, at: now), slot: slot)
    }

    /// What is asked changed (another favourite, another address): the next request goes
    /// out now, or right after the one under way.
    mutating func dueNow(at now: KioskTime) {
        switch phase {
        case .waiting: phase = .waiting(due: now.monotonic, slot: nil)
        case .fetching(let slot, _): phase = .fetching(slot: slot, again: true)
        }
    }

    /// The request brought `fresh` at `now`: they replace their places' entries, and the
    /// next request waits a whole interval from the slot this one was due at.
    mutating func succeeded(_ fresh: [AirQualityEntry], at now: KioskTime) {
        entries = entries.merging(fresh)
        fetchedAt = now.wall
        failures = 0
        error = nil
        guard case .fetching(let slot, let again) = phase else { return }
        phase = .waiting(due: now.monotonic, slot: nil)
        if !again { wait(after: slot, at: now) }
    }

    /// The request failed at `now` with `message`: the next goes `delay` seconds later (a
    /// rate limit's reset, or the forecast's back-off). What was shown stays until stale.
    mutating func failed(message: String, delay: Double, at now: KioskTime) {
        failures += 1
        error = message
        phase = .waiting(due: now.monotonic.advanced(bySeconds: max(1, delay)), slot: nil)
    }

    /// Takes what was kept on disk: when the newest of it is less than an interval old, the
    /// next fetch waits for the slot an interval after it, so a restart sends nothing new.
    mutating func restore(_ kept: [AirQualityEntry], at now: KioskTime) {
        entries = kept
        guard let newest = kept.map(\.fetchedAt).max(), newest <= now.wall else { return }
        fetchedAt = newest
        if now.wall.timeIntervalSince(newest) < schedule.interval {
            wait(after: newest, at: now)
        }
    }

    /// Keeps only the entries for `places`.
    mutating func keepOnly(_ places: [Coordinate]) {
        entries.removeAll { entry in
            !places.contains { ForecastEntry.sameKey($0, entry.coordinate) }
        }
    }

    /// The interval changed to `refreshMinutes`' (`seed` as at the start): the next fetch
    /// moves to the new slots.
    mutating func intervalChanged(refreshMinutes: Int, seed: String, at now: KioskTime) {
        schedule = RequestSchedule(
            interval: Self.interval(refreshMinutes: refreshMinutes), seed: seed + "/air-quality")
        if let fetchedAt, case .waiting(_, .some) = phase { wait(after: fetchedAt, at: now) }
    }

    private func instant(of date: Date, at now: KioskTime) -> MonotonicInstant {
        now.monotonic.advanced(bySeconds: max(0, date.timeIntervalSince(now.wall)))
    }
}
