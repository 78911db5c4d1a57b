/// What the display worker says after each frame, as far as the reducer decides with it.
public struct DisplayReport: Sendable, Hashable {
    /// Why the frame could not be shown, if so.
    public var error: String?
    /// The slide shown and how many steps it takes on this display (a city page on a
    /// 16×2 LCD: 3), when the display shows slides in steps.
    public var steps: (slide: Slide, count: Int)? {
        stepsSlide.map { ($0, stepCount) }
    }
    /// What the open display is and can do; nil while none is open.
    public var capabilities: DisplayCapabilities?
    private var stepsSlide: Slide?
    private var stepCount = 1

    /// A report of a frame.
    public init(
        error: String? = nil, steps: (slide: Slide, count: Int)? = nil,
        capabilities: DisplayCapabilities? = nil
    ) {
        self.error = error
        self.stepsSlide = steps?.slide
        self.stepCount = steps?.count ?? 1
        self.capabilities = capabilities
    }
}

/// A frame reported by the display: counted for `status` and systemd, and what it says
/// decided here, in the same step, rather than on the way back through the engine.
extension KioskState {
    mutating func displayReported(_ report: DisplayReport, at now: KioskTime) -> [KioskEffect] {
        displayReports += 1
        displayError = report.error
        var effects: [KioskEffect] = []
        if let steps = report.steps {
            effects += reduce(.slideSteps(steps.count, for: steps.slide), at: now)
        }
        if PanelPlan.applies(to: report.capabilities) != (panelPlan != nil) {
            // Opened late (absent at start), or another kind after a retry.
            effects += reduce(
                .displayDescribed(report.capabilities, showing: report.error == nil), at: now)
        } else if panelPlan != nil {
            effects += reduce(.frameFinished(succeeded: report.error == nil), at: now)
        }
        return effects
    }
}
