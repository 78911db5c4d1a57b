import FoundationEssentials
import KioskConfig
import KioskControl
import KioskCore
import Logging
import Pixels
import Rendering

/// The control socket's desk: answers each `ControlCommand` on the engine (a slide command
/// or a refresh handed to the reducer, a reload, a screenshot, a preview or `status`) and
/// says what became of it as a `ControlReply`. It holds nothing of its own.
enum ControlDesk {
    /// Answers one control command on `engine`, once its start has been reduced.
    static func answer(_ command: ControlCommand, on engine: isolated KioskEngine) async
        -> ControlReply
    {
        await engine.untilOpened()
        switch command {
        case .status:
            return .status(await status(of: engine))
        case .next, .previous, .show, .page:
            switch command.slideAction(cities: engine.configuration.cities) {
            case .success(let action):
                await engine.handle(.action(action))
                return slideReply(engine)
            case .failure(let problem):
                return failure(problem.message, exitCode: CommandFailure.usage)
            }
        case .refresh(let force):
            return .result(await refresh(force: force, on: engine))
        case .reload:
            switch await engine.reloadConfig() {
            case .success(let result):
                return .result(result)
            case .failure(let error):
                return failure(
                    error.description + "\nThe kiosk keeps its last good config.",
                    exitCode: error.kind == .access
                        ? CommandFailure.runtime : CommandFailure.usage)
            }
        case .screenshot:
            guard let shot = await engine.display.pngOfLastFrame() else {
                return failure("No frame has been shown yet.", exitCode: CommandFailure.runtime)
            }
            return .screenshot(
                ControlScreenshot(
                    png: Data(shot.png).base64EncodedString(), width: shot.width,
                    height: shot.height, frame: shot.frame))
        case .preview(let after, let columns, let rows, let colors):
            let columns = min(max(columns ?? 80, 8), 1000)
            let rows = min(max(rows ?? 24, 4), 500)
            guard
                let frame = await engine.display.ansiFrame(
                    after: after ?? -1, columns: columns, rows: rows,
                    trueColor: colors == "truecolor")
            else {
                return failure("No frame has been shown yet.", exitCode: CommandFailure.runtime)
            }
            return .preview(ControlPreview(frame: frame.frame, ansi: frame.text))
        }
    }

    /// Asks the reducer for a refresh and says what became of it.
    private static func refresh(force: Bool, on engine: isolated KioskEngine) async
        -> ControlResult
    {
        let now = engine.parts.time.now()
        await engine.handle(.action(force ? .forceRefresh : .refresh))
        return .refresh(of: engine.state, force: force, at: now)
    }

    /// The reply to a command that moves the slide: the sentence and what is shown now.
    private static func slideReply(_ engine: isolated KioskEngine) -> ControlReply {
        let now = engine.parts.time.now()
        return .result(
            ControlResult(
                engine.state.slideSentence(cities: engine.configuration.cities),
                showing: KioskStatus.Showing(snapshot: engine.snapshot(at: now), at: now)))
    }

    private static func failure(_ text: String, exitCode: Int32) -> ControlReply {
        .failure(ControlFailure(message: text, exitCode: exitCode))
    }

    /// The `status` reply: built from the latest published snapshot, what every follower
    /// sees, and the display worker's own report.
    static func status(of engine: isolated KioskEngine) async -> KioskStatus {
        let now = engine.parts.time.now()
        let report = await engine.display.report()
        var status = KioskStatus(
            snapshot: engine.snapshots.latest ?? engine.snapshot(at: now), display: report,
            at: now, uptimeSeconds: Int(now.monotonic.seconds(since: engine.startedAt)),
            store: engine.store)
        status.mqtt = engine.parts.mqttStatus()
        if status.mqtt != nil {
            let settings = engine.configuration.mqtt
            status.mqtt?.warning = await engine.parts.files.run {
                MQTTCredentials.passwordFileWarning(settings)
            }
        }
        status.stateProblem = engine.stateProblem
        return status
    }
}
