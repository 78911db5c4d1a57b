public import FoundationEssentials

/// Everything the kiosk decides with, and the one function that decides:
/// `handle(event, at: now) -> [effect]`. Page cycling, pause after interaction, night mode,
/// the refresh schedule with back-off and rate limits, staleness and sensor polling are all
/// here, pure and driven by the clock the caller passes in; the services only do the I/O.
public struct KioskState: Sendable {
    /// How many recently viewed favourites are remembered.
    public static let recentLimit = 10

    /// The settings in force.
    public internal(set) var settings: KioskSettings
    /// What is on screen.
    public internal(set) var slide: Slide
    /// The favourite last shown on a per-city page (0-based).
    public internal(set) var cityIndex = 0
    /// The display's power: the night window's, a press's wake-up or a remote setting.
    public internal(set) var powerSchedule = PowerSchedule()
    /// The display's power.
    public var power: DisplayPower { powerSchedule.power }
    /// Favourites a person chose to look at, newest first.
    public internal(set) var recentCities: [City] = []
    /// When the newest forecast was fetched (wall clock).
    public internal(set) var lastForecast: Date?
    /// Why the last refresh failed, while it has not succeeded since.
    public internal(set) var forecastError: String?
    /// Refreshes failed in a row.
    public internal(set) var forecastFailures = 0
    /// Why the last sensor reading failed, while none has succeeded since.
    public internal(set) var sensorError: String?
    /// Problems of the config file as "FILE, line N: …", while it is refused.
    public internal(set) var configProblems: [String] = []
    /// The config file that was refused, for the notice.
    var refusedConfigFile = ""
    /// The configuration in use and what the kiosk knows of its file.
    public internal(set) var configFile: ConfigFileState
    /// The frame the last `.render` asked for: the snapshot's number, which the display
    /// worker follows.
    public internal(set) var frame = 0
    /// When that frame was asked for: the time its page shows.
    public private(set) var frameTime: KioskTime
    /// Reports from the display so far, one a frame.
    public internal(set) var displayReports = 0
    /// Why the display's last frame could not be shown, if so.
    public internal(set) var displayError: String?
    /// The forecasts the pages show: the cache at start, then each refresh's.
    public internal(set) var forecasts: [ForecastEntry] = []
    /// The indoor readings: the latest, the history and the pressure tendency.
    public internal(set) var indoor = IndoorTracker()
    /// When the indoor history was last written (wall clock).
    var lastHistoryFlush: Date
    /// The step of the current slide on a display that shows it in several steps.
    public internal(set) var slideStep = 0
    /// How many steps the display said the current slide takes.
    var slideSteps = 1
    /// When the current slide came up.
    var slideStart: MonotonicInstant
    /// When the current slide's step next changes, if it has several.
    var nextStep: MonotonicInstant?
    /// Buttons whose press woke a blank display: the rest of that press does nothing.
    var wakingButtons: Set<ButtonName> = []
    /// The refresh plan of an e-paper panel, while the display says it is one: then the
    /// slides do not cycle and frames come when `PanelRefreshPolicy` allows.
    public internal(set) var panelPlan: PanelPlan?

    /// The forecast refresh: idle, fetching, backing off or held by a rate limit.
    public internal(set) var refresh: RefreshSchedule
    /// What happened to the last manual refresh, for the reply to the person who asked.
    public internal(set) var lastRefreshRequest: RefreshRequestOutcome?
    /// A few words on why the last refresh failed, for the stale notice ("Open-Meteo error
    /// 500"), while it has not succeeded since.
    public internal(set) var forecastFailureSummary: String?
    /// The second provider: each place's switch and MET Norway's next ask.
    public internal(set) var fallback: FallbackWatch
    /// Something stable for this kiosk (its host name): where in each interval its requests
    /// to MET Norway fall.
    let scheduleSeed: String
    /// The official warnings: the board, and the next ask of the services.
    public internal(set) var warnings: WarningWatch
    /// The air quality: the last good answer for each favourite, and the next request.
    public internal(set) var airQuality: AirQualityWatch
    /// The `[[sensors]]`: each one's last values and failure.
    public internal(set) var sensorBoard = SensorBoard()
    /// The sensor's polling: waiting for the next reading, or reading.
    public internal(set) var sensor: SensorPolling
    /// When the next sensor reading is due.
    public var nextSensorRead: MonotonicInstant { sensor.due }
    /// Whether a reading is under way.
    public var reading: Bool { sensor.isReading }
    /// The slides' cycling: the next slide due, or paused after an interaction.
    public internal(set) var slideCycle: SlideCycle
    private var nextMinute: MonotonicInstant
    var started = false
    var random: SplitMix64
    private var persisted = PersistedKioskState()
    /// The wall clock minus the monotonic clock at the last event, seconds: a change shows
    /// the wall clock was stepped (`KioskState+Clock.swift`).
    var wallClockOffset: Double?

    /// A kiosk about to start at `now` with `settings`; `seed` drives the back-off jitter.
    /// `configFile`: the configuration `settings` come from, when there is one (the engine's).
    /// `scheduleSeed`: something stable for this kiosk, which spreads its requests to MET
    /// Norway (`RequestSchedule`).
    public init(
        settings: KioskSettings, now: KioskTime, seed: UInt64,
        configFile: ConfigFileState = ConfigFileState(), scheduleSeed: String = ""
    ) {
        self.settings = settings
        self.scheduleSeed = scheduleSeed
        fallback = FallbackWatch(refreshMinutes: settings.refreshMinutes, seed: scheduleSeed)
        self.configFile = configFile
        self.random = SplitMix64(seed: seed)
        frameTime = now
        lastHistoryFlush = now.wall
        slideStart = now.monotonic
        slide =
            slideSequence(pages: settings.pages, cityCount: settings.cities.count).first
            ?? Slide(.empty)
        refresh = RefreshSchedule(due: now.monotonic)
        sensor = SensorPolling(due: now.monotonic)
        warnings = WarningWatch(due: now.monotonic)
        airQuality = AirQualityWatch(
            due: now.monotonic, refreshMinutes: settings.refreshMinutes, seed: scheduleSeed)
        slideCycle = SlideCycle(
            next: now.monotonic.advanced(bySeconds: Double(settings.cycleSeconds)))
        nextMinute = Self.nextMinute(after: now)
    }

    /// The earliest instant at which `tick` has something to do; nil when nothing is due
    /// until another event arrives. The engine sleeps until then.
    public var nextDeadline: MonotonicInstant? {
        guard started else { return nil }
        var deadlines: [MonotonicInstant] = []
        if let panelPlan {
            if let due = panelPlan.due { deadlines.append(due) }
        } else if power != .off {
            deadlines.append(slideCycle.deadline)
            deadlines.append(nextMinute)
        }
        if settings.hasPlacesToFetch, let due = refresh.deadline { deadlines.append(due) }
        if !fallback.isAsking, let due = fallback.deadline { deadlines.append(due) }
        if settings.sensorEnabled, let due = sensor.deadline { deadlines.append(due) }
        if settings.watchesWarnings { deadlines += warnings.deadlines }
        if settings.watchesAirQuality, let due = airQuality.deadline { deadlines.append(due) }
        deadlines += powerSchedule.deadlines
        if power != .off, let nextStep { deadlines.append(nextStep) }
        return deadlines.min()
    }

    /// The sequence the kiosk cycles through now.
    public var slides: [Slide] {
        slideSequence(
            pages: settings.pages, cityCount: settings.cities.count,
            warningCities: warningPageCities)
    }

    /// The favourite on screen (or last on screen), if there are any.
    public var currentCity: City? {
        settings.cities.indices.contains(cityIndex) ? settings.cities[cityIndex] : nil
    }

    // MARK: The reducer

    /// Applies `event` at `now` and returns what the services must do, in order; a
    /// `.render` among them is frame `frame`.
    public mutating func handle(_ event: KioskEvent, at now: KioskTime) -> [KioskEffect] {
        handle([event], at: now)
    }

    /// Applies `events` one after the other and returns their effects in order, with one
    /// `.render` at most (it draws the state after all of them): frame `frame`.
    public mutating func handle(_ events: [KioskEvent], at now: KioskTime) -> [KioskEffect] {
        var effects: [KioskEffect] = []
        for event in events {
            for effect in reduce(event, at: now)
            where effect != .render || !effects.contains(.render) {
                effects.append(effect)
            }
        }
        if effects.contains(.render) { (frame, frameTime) = (frame + 1, now) }
        return effects
    }

    mutating func reduce(_ event: KioskEvent, at now: KioskTime) -> [KioskEffect] {
        var effects: [KioskEffect] = []
        let slideBefore = slide
        defer { if slide != slideBefore { slideChanged(at: now) } }
        noteWallClock(at: now, into: &effects)
        switch event {
        case .started(let restored, let cached, let history, let sensorHistory):
            started = true
            restore(restored)
            forecasts = cached
            indoor = IndoorTracker(history: history)
            sensorBoard = SensorBoard(restoring: sensorHistory, at: now.wall)
            deriveWarnings(at: now)
            // A cache left from favourites since removed is no forecast of this kiosk's.
            let newestForecast =
                settings.hasPlacesToFetch ? cached.map(\.fetchedAt).max() : nil
            lastForecast = newestForecast
            updatePower(at: now, into: &effects)
            if power != .on { effects.append(.setDisplayPower(power)) }
            effects.append(.render)
            // The first frame comes from the cache; the network comes after it, at once
            // when a favourite has nothing cached (added while the kiosk was off).
            if let newestForecast, !aFavouriteHasNoForecast {
                let wait = Self.firstRefreshWait(
                    newestForecast: newestForecast, now: now,
                    refreshMinutes: settings.refreshMinutes)
                refresh.reschedule(to: now.monotonic.advanced(bySeconds: wait))
                lastForecast = min(newestForecast, now.wall)
            }
        case .tick:
            break
        case .action(let action, let source):
            perform(action, from: source, at: now, into: &effects)
        case .button(let gesture):
            press(gesture, at: now, into: &effects)
        case .forecastSucceeded(let fetchedAt, let fresh):
            forecasts = forecasts.merging(fresh)
            deriveWarnings(at: now)
            forecastSucceeded(fetchedAt: fetchedAt, at: now)
            primaryAnswered(fresh, at: now)
            effects.append(.render)
        case .forecastFailed(let message, let notBefore, let summary, let failure):
            forecastFailed(message: message, summary: summary, notBefore: notBefore, at: now)
            if let failure { primaryFailed(failure, at: now) }
            effects.append(.render)
        case .fallbackAnswered(let query, let answer):
            fallbackAnswered(query, answer, at: now, into: &effects)
        case .warningsFetched(let updates, let nextAsk):
            warningsFetched(updates, nextAsk: nextAsk, at: now, into: &effects)
        case .airQualityRestored(let kept):
            airQualityRestored(kept, at: now)
        case .airQualityFetched(let entries):
            airQualityFetched(entries, at: now, into: &effects)
        case .airQualityFailed(let message, let notBefore):
            airQualityFailed(message: message, notBefore: notBefore, at: now)
        case .sensorSucceeded(let reading):
            recordReading(reading, at: now, into: &effects)
            sensor.succeeded(at: now.monotonic, interval: settings.sensorIntervalSeconds)
            let hadError = sensorError != nil
            sensorError = nil
            if slide.page == .indoor || hadError { effects.append(.render) }
        case .sensorFailed(let message):
            sensor.failed(at: now.monotonic, interval: settings.sensorIntervalSeconds)
            let changed = sensorError != message
            sensorError = message
            if changed { effects.append(.render) }
        case .sensorsRead(let samples, let completesPoll):
            recordSensors(samples, at: now, into: &effects)
            if completesPoll {
                sensor.succeeded(at: now.monotonic, interval: settings.sensorIntervalSeconds)
            }
        case .configChanged(let newSettings):
            apply(newSettings, at: now, into: &effects)
        case .configLoaded(let configuration, let pending, let source):
            load(configuration, restartPending: pending, from: source, at: now, into: &effects)
        case .configRefused(let problems, let file):
            refuse(problems, file: file, into: &effects)
        case .lastGoodSaved(let succeeded):
            configFile.copyUnsaved = !succeeded
        case .displayReported(let report):
            return deduplicated(effects + displayReported(report, at: now))
        case .slideSteps(let steps, let shown):
            noteSteps(steps, of: shown, at: now, into: &effects)
        case .displayDescribed(let capabilities, let showing):
            describeDisplay(capabilities, showing: showing, at: now, into: &effects)
        case .frameFinished:
            break  // The panel's plan hears of it below.
        case .stopping:
            started = false
            effects.append(.persistState(persistedState))
            effects.append(.saveSensorHistory(sensorBoard.archive))
            effects.append(.saveHistory(indoor.history))
            lastHistoryFlush = now.wall
            return effects
        }
        runTimers(at: now, into: &effects)
        planPanel(after: event, at: now, into: &effects)
        return deduplicated(effects)
    }

    // MARK: Timers

    private mutating func runTimers(at now: KioskTime, into effects: inout [KioskEffect]) {
        guard started else { return }
        updatePower(at: now, into: &effects)
        slideCycle.resumeIfOver(at: now.monotonic)
        if power != .off, panelPlan == nil, slideCycle.isDue(at: now.monotonic) {
            advanceSlide()
            slideCycle.restart(at: now.monotonic, cycle: settings.cycleSeconds)
            effects.append(.render)
        }
        if power != .off, let due = nextStep, now.monotonic >= due {
            advanceStep(at: now, into: &effects)
        }
        if now.monotonic >= nextMinute {
            nextMinute = Self.nextMinute(after: now)
            if power != .off { effects.append(.render) }
        }
        if settings.hasPlacesToFetch, refresh.startIfDue(at: now.monotonic) {
            effects.append(.fetchForecasts)
        }
        runFallback(at: now, into: &effects)
        if settings.sensorEnabled, sensor.startIfDue(at: now.monotonic) {
            effects.append(.readSensor)
        }
        watchWarnings(at: now, into: &effects)
        watchAirQuality(at: now, into: &effects)
    }

    /// Night window and wake-ups decide the power; emits the change and a frame on waking.
    mutating func updatePower(at now: KioskTime, into effects: inout [KioskEffect]) {
        guard let before = powerSchedule.update(night: settings.night, at: now) else { return }
        let wanted = power
        effects.append(.setDisplayPower(wanted))
        if before == .off {
            // Back from blank: let the slide run its full time.
            slideCycle.restart(at: now.monotonic, cycle: settings.cycleSeconds)
        }
        if wanted != .off {
            // Lit or dimmed: draw the frame after the change, so that a display which dims
            // the pictures it is given shows the new brightness at once, not at the next
            // slide. An earlier frame in this batch would be drawn at the old power.
            effects.removeAll { $0 == .render }
            effects.append(.render)
        }
    }

    // MARK: Actions

    /// A press or a wake command overrides what was set from afar and, at night, lights the
    /// display for `PowerSchedule.wakeSeconds`.
    mutating func wake(at now: KioskTime, into effects: inout [KioskEffect]) {
        if powerSchedule.press(night: settings.night, at: now.monotonic) {
            updatePower(at: now, into: &effects)
        }
    }

    mutating func perform(
        _ action: KioskAction, from source: ActionSource, at now: KioskTime,
        into effects: inout [KioskEffect]
    ) {
        if source == .button || action == .wake { wake(at: now, into: &effects) }
        let before = slide
        switch action {
        case .nextCity: moveCity(by: 1)
        case .previousCity: moveCity(by: -1)
        case .nextPage: movePage(by: 1)
        case .previousPage: movePage(by: -1)
        case .showCity(let index):
            guard settings.cities.indices.contains(index) else { return }
            cityIndex = index
            slide = Slide(.page(perCityPage(preferring: slide.page)), cityIndex: index)
        case .showPage(let page):
            slide =
                page.isPerCity && !settings.cities.isEmpty
                ? Slide(.page(page), cityIndex: cityIndex) : Slide(.page(page))
        case .refresh:
            requestRefresh(force: false, at: now)
        case .forceRefresh:
            requestRefresh(force: true, at: now)
        case .wake:
            break
        case .setPower(let wanted):
            setPower(wanted, at: now, into: &effects)
        }
        // Every interaction pauses cycling, a refresh or a wake-up too: what a person looks
        // at stays up while they look.
        slideCycle.pause(
            until: now.monotonic.advanced(bySeconds: Double(settings.resumeAfterSeconds)))
        if slide != before {
            effects.append(.render)
            if let city = slide.cityIndex.map({ settings.cities[$0] }) {
                noteViewed(city, into: &effects)
            }
        }
    }

    /// A remote power setting, until the night window next changes.
    private mutating func setPower(
        _ wanted: DisplayPower, at now: KioskTime, into effects: inout [KioskEffect]
    ) {
        powerSchedule.set(wanted, night: settings.night, at: now)
        updatePower(at: now, into: &effects)
    }

    private mutating func moveCity(by step: Int) {
        guard !settings.cities.isEmpty else { return }
        let count = settings.cities.count
        cityIndex = ((cityIndex + step) % count + count) % count
        slide = Slide(.page(perCityPage(preferring: slide.page)), cityIndex: cityIndex)
    }

    private mutating func movePage(by step: Int) {
        let usable = settings.pages.filter { settings.cities.isEmpty ? $0 == .indoor : true }
        guard !usable.isEmpty else { return }
        let current = slide.page.flatMap { usable.firstIndex(of: $0) } ?? (step > 0 ? -1 : 0)
        let next = usable[((current + step) % usable.count + usable.count) % usable.count]
        slide = next.isPerCity ? Slide(.page(next), cityIndex: cityIndex) : Slide(.page(next))
    }

    /// The per-city page to show a favourite on: the current one if it is per-city, else the
    /// first per-city page configured, else the city page.
    private func perCityPage(preferring page: Page?) -> Page {
        if let page, page.isPerCity { return page }
        return settings.pages.first(where: \.isPerCity) ?? .city
    }

    private mutating func advanceSlide() {
        let sequence = slides
        guard !sequence.isEmpty else { return }
        let index = sequence.firstIndex(of: slide) ?? -1
        slide = sequence[(index + 1) % sequence.count]
        if let city = slide.cityIndex { cityIndex = city }
    }

    private mutating func noteViewed(_ city: City, into effects: inout [KioskEffect]) {
        recentCities.removeAll { $0.isSamePlace(as: city) }
        recentCities.insert(city, at: 0)
        if recentCities.count > Self.recentLimit { recentCities.removeLast() }
        effects.append(.persistState(persistedState))
    }

    func deduplicated(_ effects: [KioskEffect]) -> [KioskEffect] {
        var seen: [KioskEffect] = []
        for effect in effects where !seen.contains(effect) { seen.append(effect) }
        return seen
    }
}
