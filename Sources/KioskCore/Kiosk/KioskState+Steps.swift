/// The steps of a slide on a small display: a 16×2 LCD shows the city page as "now",
/// "details" and "next days". The display says how many steps a slide takes; the reducer
/// shares the slide's time between them (`StepSchedule`) and asks for a frame at each
/// change.
extension KioskState {
    /// A new slide starts at step 0, of one step until its display says otherwise.
    mutating func slideChanged(at now: KioskTime) {
        slideStart = now.monotonic
        slideSteps = 1
        slideStep = 0
        nextStep = nil
    }

    /// The display said `shown` takes `steps` steps.
    mutating func noteSteps(
        _ steps: Int, of shown: Slide, at now: KioskTime, into effects: inout [KioskEffect]
    ) {
        guard shown == slide, max(1, steps) != slideSteps else { return }
        slideSteps = max(1, steps)
        advanceStep(at: now, into: &effects)
    }

    /// Sets the step for `now` and the time of the next change; a changed step is drawn.
    mutating func advanceStep(at now: KioskTime, into effects: inout [KioskEffect]) {
        let schedule = StepSchedule(steps: slideSteps, slideSeconds: Double(settings.cycleSeconds))
        let elapsed = now.monotonic.seconds(since: slideStart)
        let step = schedule.step(secondsIntoSlide: elapsed)
        nextStep = schedule.nextChange(secondsIntoSlide: elapsed).map {
            slideStart.advanced(bySeconds: $0)
        }
        if step != slideStep {
            slideStep = step
            effects.append(.render)
        }
    }
}
