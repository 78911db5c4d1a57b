import FoundationEssentials

/// The data the kiosk shows, kept by the reducer: forecasts, indoor readings and the
/// notices about what went wrong, with the decisions that go with them (when to write the
/// indoor history, what a press on a blank screen does).
extension KioskState {
    /// How often the indoor history is written (the SD card), seconds.
    public static let historyFlushSeconds = 3600.0

    /// Why the config file was last refused, until a good one is loaded.
    public var configError: String? { configProblems.first }

    /// The station's elevation: the config's, else Open-Meteo's for the station (when its
    /// place is set).
    public var stationElevation: Double? {
        if let metres = settings.stationElevation { return metres }
        guard let station = settings.station else { return nil }
        return forecasts.first { ForecastEntry.sameKey($0.coordinate, station) }?
            .forecast.elevation
    }

    /// Records a reading; the indoor history is written when an hour has passed since it
    /// last was, either way: a clock stepped back must not hold it unwritten until the
    /// wrong time comes round.
    mutating func recordReading(
        _ reading: SensorReading, at now: KioskTime, into effects: inout [KioskEffect]
    ) {
        indoor.record(reading, elevation: stationElevation)
        deriveBarometerWarning(at: now, into: &effects)
        if abs(now.wall.timeIntervalSince(lastHistoryFlush)) >= Self.historyFlushSeconds {
            lastHistoryFlush = now.wall
            effects.append(.saveHistory(indoor.history))
        }
    }

    /// Records a round of the `[[sensors]]`; their histories are written hourly, as the
    /// indoor history is.
    mutating func recordSensors(
        _ samples: [SensorSample], at now: KioskTime, into effects: inout [KioskEffect]
    ) {
        if sensorBoard.record(samples, at: now.wall) { effects.append(.render) }
        if let archive = sensorBoard.archiveDue(at: now.wall, interval: Self.historyFlushSeconds) {
            effects.append(.saveSensorHistory(archive))
        }
    }

    /// The notices over every page: what went wrong, what to do first (`NoticeText`), and
    /// for old data when the next attempt is due (`nextRefresh`, the same instant `status`
    /// counts down to).
    public func notices(at now: KioskTime) -> [KioskNotice] {
        var notices: [KioskNotice] = []
        let retry = now.wall.addingTimeInterval(secondsUntilRefresh(at: now))
        if isStale(at: now), let fetched = lastForecast {
            notices.append(
                KioskNotice(
                    kind: .staleForecast(
                        dataTime: fetched, nextRetry: retry, reason: forecastFailureSummary),
                    severity: .warning, text: ""))
        } else if lastForecast == nil, let error = forecastError {
            notices.append(
                KioskNotice(kind: .noForecast(nextRetry: retry), severity: .error, text: error))
        }
        if let text = fallbackNotice {
            notices.append(KioskNotice(kind: .providerFallback, severity: .warning, text: text))
        }
        if let problem = configProblems.first {
            notices.append(
                KioskNotice(
                    kind: .configRefused, severity: .error,
                    text: NoticeText.configRefused(
                        problem, file: refusedConfigFile, language: settings.language)))
        }
        if !settings.restartPending.isEmpty {
            notices.append(
                KioskNotice(
                    kind: .restartPending, severity: .warning,
                    text: NoticeText.restartPending(
                        settings.restartPending, language: settings.language)))
        }
        if let error = sensorError, settings.sensorEnabled {
            notices.append(
                KioskNotice(
                    kind: .sensor(
                        // A reading under way is the retry, now.
                        nextRetry: now.wall.addingTimeInterval(
                            reading ? 0 : max(0, nextSensorRead.seconds(since: now.monotonic)))),
                    severity: .error, text: error))
        }
        return notices
    }

    /// A gesture at the kiosk. A press on a blank screen only wakes it, and the rest of that
    /// press (its short, long or repeats) does nothing more; otherwise the action map says.
    mutating func press(
        _ gesture: ButtonGesture, at now: KioskTime, into effects: inout [KioskEffect]
    ) {
        if gesture.kind == .release {
            wakingButtons.remove(gesture.button)
            return
        }
        if wakingButtons.contains(gesture.button) { return }
        if power == .off {
            wakingButtons.insert(gesture.button)
            perform(.wake, from: .button, at: now, into: &effects)
            return
        }
        let action = settings.buttonActions.action(for: gesture.kind, of: gesture.button)
        guard let kioskAction = KioskAction(action) else { return }
        perform(kioskAction, from: .button, at: now, into: &effects)
    }
}

extension KioskAction {
    /// The kiosk action a button action stands for; nil for none.
    public init?(_ action: ButtonAction) {
        switch action {
        case .nextCity: self = .nextCity
        case .previousCity: self = .previousCity
        case .nextPage: self = .nextPage
        case .previousPage: self = .previousPage
        case .refresh: self = .refresh
        case .wake: self = .wake
        case .none: return nil
        }
    }
}
