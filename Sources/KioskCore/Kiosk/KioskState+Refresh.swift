import FoundationEssentials

/// What became of a manual refresh (`refresh`, a long press), so the reply can say so.
public enum RefreshRequestOutcome: Sendable, Hashable {
    /// A fetch starts now.
    case started
    /// A fetch was already under way: the request joined it.
    case joinedRunning
    /// A fetch brought forecasts moments ago (less than `KioskState.refreshJoinSeconds`):
    /// the request joined it, and nothing was sent.
    case joinedRecent(secondsAgo: Double)
    /// An attempt failed moments ago: the next one goes out then, when
    /// `KioskState.refreshJoinSeconds` have passed since, and every request until then joins
    /// it.
    case scheduled(at: MonotonicInstant)
    /// Open-Meteo's rate limit holds refreshes until then; nothing was sent.
    case heldByRateLimit(until: MonotonicInstant)
    /// There are no favourites and no station: there is nothing to ask Open-Meteo for.
    case nothingToFetch
}

/// The refresh schedule: when forecasts are fetched, how manual refreshes are coalesced and
/// rate-limited, and how failures and Open-Meteo's rate limits push the next attempt out.
/// `refresh.due` is the one source of the next attempt's time: the stale notice, `status`
/// and the reply to `refresh` all count down to it.
extension KioskState {
    /// A manual refresh within this many seconds of the last fetch's end joins it: ten
    /// presses or `refresh` commands in a row make one request, and a script that sends
    /// `refresh` in a loop makes at most one every ten seconds.
    public static let refreshJoinSeconds = 10.0

    /// Whether the forecast is older than twice the refresh interval (or missing after the
    /// first attempt failed): the overlay says so.
    public func isStale(at now: KioskTime) -> Bool {
        guard let lastForecast else { return forecastFailures > 0 }
        return now.wall.timeIntervalSince(lastForecast) > 2 * Double(settings.refreshMinutes * 60)
    }

    /// Whether a favourite has no forecast at all (none cached, none fetched): its pages
    /// show only why, so failed refreshes are retried at least every minute.
    public var aFavouriteHasNoForecast: Bool {
        settings.cities.contains { city in
            !forecasts.contains { ForecastEntry.sameKey($0.coordinate, city.coordinate) }
        }
    }

    /// Seconds until the next refresh attempt, from `now`; 0 while one is due or under way.
    public func secondsUntilRefresh(at now: KioskTime) -> Double {
        max(0, refresh.due.seconds(since: now.monotonic))
    }

    /// A person asked for fresh forecasts. A fetch under way, or forecasts fetched less than
    /// `refreshJoinSeconds` ago, answer the request; after an attempt that failed that
    /// recently, the next one goes out when that time has passed (`force` too: a loop of
    /// refreshes makes one request per ten seconds at most). A rate limit holds the request,
    /// unless `force` (one attempt: if Open-Meteo refuses again, that sets the next hold).
    mutating func requestRefresh(force: Bool, at now: KioskTime) {
        guard settings.hasPlacesToFetch else {
            lastRefreshRequest = .nothingToFetch
            return
        }
        if refresh.isFetching {
            lastRefreshRequest = .joinedRunning
            return
        }
        if !force, refresh.isHeld(at: now.monotonic), let until = refresh.rateLimitedUntil {
            lastRefreshRequest = .heldByRateLimit(until: until)
            return
        }
        if let ended = refresh.lastEnded {
            let ago = now.monotonic.seconds(since: ended)
            if ago < Self.refreshJoinSeconds {
                if forecastFailures == 0 {
                    lastRefreshRequest = .joinedRecent(secondsAgo: ago)
                } else {
                    // Fresh forecasts answer the request; a failure does not, so another
                    // attempt follows, but no sooner than the window allows.
                    refresh.bringForward(to: ended.advanced(bySeconds: Self.refreshJoinSeconds))
                    lastRefreshRequest = .scheduled(at: refresh.due)
                }
                return
            }
        }
        lastRefreshRequest = .started
        refresh.bringForward(to: now.monotonic)
    }

    /// A refresh brought forecasts: the next one is a full interval away.
    mutating func forecastSucceeded(fetchedAt: Date, at now: KioskTime) {
        lastForecast = fetchedAt
        forecastError = nil
        forecastFailureSummary = nil
        forecastFailures = 0
        refresh.succeeded(at: now.monotonic, interval: Double(settings.refreshMinutes * 60))
    }

    /// A refresh failed: back off, or wait for the rate limit's window to reset.
    mutating func forecastFailed(
        message: String, summary: String?, notBefore: Date?, at now: KioskTime
    ) {
        forecastFailures += 1
        forecastError = message
        forecastFailureSummary = summary
        var delay = Backoff.forecastRetry(
            failures: forecastFailures, nothingShown: aFavouriteHasNoForecast, using: &random)
        var limitedUntil: MonotonicInstant?
        if let notBefore {
            // A rate limit: wait until its window resets, plus a little so that kiosks
            // on one address do not all knock at the same second.
            let untilReset = max(1, notBefore.timeIntervalSince(now.wall))
            limitedUntil = now.monotonic.advanced(bySeconds: untilReset)
            delay =
                untilReset
                + Double.random(in: 1...min(60, 1 + untilReset * 0.05), using: &random)
        }
        refresh.failed(at: now.monotonic, delay: delay, limitedUntil: limitedUntil)
    }
}
