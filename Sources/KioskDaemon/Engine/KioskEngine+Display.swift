import KioskCore
import Logging

/// The display worker's reports coming back: logged, published for `status` and systemd,
/// and told to the reducer (a small display's steps, an e-paper panel's refresh finished).
extension KioskEngine {
    /// What the display worker reports after each frame (its own stream, never a call
    /// back from the press path): logged, and published for status and systemd.
    func frameShown(_ report: DisplayWorker.Report) async {
        displayReport = report
        displayReports += 1
        snapshots.publish(snapshot(at: parts.time.now()))
        if let error = report.error {
            note("display frame", error, level: .error)
        } else {
            note("display frame", nil, level: .info, recovered: "The display works again.")
        }
        note(
            "display console", report.warning, level: .warning,
            recovered: "The console is in graphics mode now; its text no longer shows.")
        if let steps = report.steps { await process(.slideSteps(steps.count, for: steps.slide)) }
        if PanelPlan.applies(to: report.capabilities) != (state.panelPlan != nil) {
            // Opened late (absent at start), or another kind after a retry.
            await process(
                .displayDescribed(report.capabilities, showing: report.error == nil))
        } else if state.panelPlan != nil {
            await process(.frameFinished(succeeded: report.error == nil))
        }
    }
}
