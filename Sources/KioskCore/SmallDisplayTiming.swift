/// Where an OLED's picture sits: moved by one pixel every few minutes, around a 2×2
/// square, so that no pixel stays lit in the same place for hours (OLEDs burn in).
///
/// Pure: the offset is a function of the time since the display started. The picture
/// moves right, down, left and up again, so it is never more than one pixel away from where
/// it was drawn; layouts keep a pixel free at the right and bottom for it.
public struct BurnInShift: Sendable, Hashable {
    /// How long the picture stays in one place.
    public var period: Duration

    /// The offsets in order: home, right, right and down, down.
    public static let offsets: [(x: Int, y: Int)] = [(0, 0), (1, 0), (1, 1), (0, 1)]

    /// Three minutes per place by default.
    public init(period: Duration = .seconds(180)) {
        self.period = period
    }

    /// How far the picture is moved `elapsed` after the display started (before the start:
    /// not at all).
    public func offset(after elapsed: Duration) -> (x: Int, y: Int) {
        Self.offsets[step(after: elapsed) % Self.offsets.count]
    }

    /// The time after the start at which the offset next changes.
    public func nextChange(after elapsed: Duration) -> Duration {
        period * (step(after: elapsed) + 1)
    }

    private func step(after elapsed: Duration) -> Int {
        let periodNanoseconds = max(1, period.wholeNanoseconds)
        let elapsedNanoseconds = max(0, elapsed.wholeNanoseconds)
        return Int(elapsedNanoseconds / periodNanoseconds)
    }
}

/// How a page that a small display shows in several steps (a 16×2 LCD shows the city page
/// as "now", "details" and "next days") shares its time on screen: the slide's time is cut
/// into equal parts, one per step, and when the slide stays longer (cycling paused after a
/// button press) the steps go round again.
///
/// The display says how many steps a slide has (`KioskEvent.slideSteps`); the reducer shows
/// step `step(secondsIntoSlide:)` and asks for a frame again at `nextChange(secondsIntoSlide:)`.
public struct StepSchedule: Sendable, Hashable {
    /// How many steps the page has, at least 1.
    public let steps: Int
    /// How long each step stays up, seconds.
    public let stepSeconds: Double

    /// The shortest time a step stays up, seconds: time to read two lines.
    public static let minimumStepSeconds = 3.0

    /// A schedule for `steps` steps in a slide of `slideSeconds` (`display.cycle_seconds`);
    /// a step stays up at least `minimumStepSeconds`.
    public init(steps: Int, slideSeconds: Double) {
        self.steps = max(1, steps)
        stepSeconds = max(Self.minimumStepSeconds, slideSeconds / Double(self.steps))
    }

    /// The step (0-based) to show `seconds` after the slide came up.
    public func step(secondsIntoSlide seconds: Double) -> Int {
        guard steps > 1, seconds.isFinite, seconds > 0 else { return 0 }
        return Int(seconds / stepSeconds) % steps
    }

    /// When (seconds after the slide came up) the step next changes; nil for a page of one
    /// step.
    public func nextChange(secondsIntoSlide seconds: Double) -> Double? {
        guard steps > 1 else { return nil }
        let elapsed = seconds.isFinite ? max(0, seconds) : 0
        return (Double(Int(elapsed / stepSeconds)) + 1) * stepSeconds
    }
}
