import FoundationEssentials

/// A new configuration: the slide stays on the same favourite where it can, and what the
/// change needs follows (a refresh, new hardware handles, a frame).
extension KioskState {
    mutating func apply(
        _ newSettings: KioskSettings, at now: KioskTime, into effects: inout [KioskEffect]
    ) {
        let old = settings
        let shownCity = currentCity
        settings = newSettings
        configProblems = []
        if old.displayHardware != newSettings.displayHardware { effects.append(.reopenDisplay) }
        if old.sensorHardware != newSettings.sensorHardware { effects.append(.reopenSensor) }
        if let shownCity,
            let index = newSettings.cities.firstIndex(where: { $0.isSamePlace(as: shownCity) })
        {
            cityIndex = index
        } else {
            cityIndex = min(cityIndex, max(0, newSettings.cities.count - 1))
        }
        let sequence = slides
        let relocated = slide.cityIndex != nil ? Slide(slide.kind, cityIndex: cityIndex) : slide
        slide =
            sequence.contains(relocated)
            ? relocated
            : sequence.first(where: { $0.cityIndex == cityIndex }) ?? sequence.first
                ?? Slide(.empty)
        if old.forecastEndpoint != newSettings.forecastEndpoint {
            // A rate limit counts against an address and a key: another API address or key
            // may well be allowed, so the hold is tried again rather than waited out.
            refresh.limitLifted()
        }
        if old.cities != newSettings.cities || old.forecastQuery != newSettings.forecastQuery {
            // New favourites, units or an API address need forecasts now, within the rate
            // limit.
            refresh.changed(at: now.monotonic)
        }
        if old.refreshMinutes != newSettings.refreshMinutes, forecastFailures == 0, let lastForecast
        {
            let wait =
                Double(newSettings.refreshMinutes * 60) - now.wall.timeIntervalSince(lastForecast)
            refresh.reschedule(to: now.monotonic.advanced(bySeconds: max(0, wait)))
        }
        warningSettingsChanged(from: old, at: now)
        fallbackSettingChanged(from: old, at: now)
        airQualitySettingsChanged(from: old, at: now)
        if !old.sensorEnabled, newSettings.sensorEnabled { sensor.dueNow(at: now.monotonic) }
        if old.sensorEnabled, !newSettings.sensorEnabled { sensorError = nil }
        reschedule(from: old, at: now, into: &effects)
        effects.append(.render)
    }

    /// A changed interval takes effect at once: each timer that counts one (the next slide,
    /// the pause after a press, the next sensor reading, a small display's next step) is
    /// moved by the difference, so that it falls where the new interval puts it, and is due
    /// now when that is already past. A 3600 s cycle changed to 5 s shows the next slide
    /// at once, not in up to an hour.
    private mutating func reschedule(
        from old: KioskSettings, at now: KioskTime, into effects: inout [KioskEffect]
    ) {
        slideCycle.lengthen(
            cycleBy: Double(settings.cycleSeconds - old.cycleSeconds),
            pauseBy: Double(settings.resumeAfterSeconds - old.resumeAfterSeconds), at: now.monotonic
        )
        if old.cycleSeconds != settings.cycleSeconds, slideSteps > 1 {
            advanceStep(at: now, into: &effects)
        }
        if old.sensorIntervalSeconds != settings.sensorIntervalSeconds, old.sensorEnabled,
            settings.sensorEnabled
        {
            sensor.intervalChanged(
                from: old.sensorIntervalSeconds, to: settings.sensorIntervalSeconds,
                at: now.monotonic)
        }
    }
}
