import KioskCore
import Logging

/// The display worker's reports coming back: logged, and handed to the reducer as one
/// event, which counts them and decides what they mean (a small display's steps, an
/// e-paper panel's refresh finished or a panel opened late).
extension KioskEngine {
    /// What the display worker reports after each frame (its own stream, never a call
    /// back from the press path).
    func frameShown(_ report: DisplayWorker.Report) async {
        if let error = report.error {
            note("display frame", error, level: .error)
        } else {
            note("display frame", nil, level: .info, recovered: "The display works again.")
        }
        note(
            "display console", report.warning, level: .warning,
            recovered: "The console is in graphics mode now; its text no longer shows.")
        await process(
            .displayReported(
                DisplayReport(
                    error: report.error, steps: report.steps.map { ($0.slide, $0.count) },
                    capabilities: report.capabilities)))
    }
}
