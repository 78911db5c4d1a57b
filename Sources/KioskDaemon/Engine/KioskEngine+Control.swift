import FoundationEssentials
import KioskConfig
public import KioskControl
import KioskCore
import Logging
import Pixels
import Rendering

extension KioskEngine {
    /// Answers one control command: the door the control socket uses.
    public func control(_ command: ControlCommand) async -> ControlReply {
        await untilOpened()
        switch command {
        case .status:
            return .status(await status())
        case .next, .previous, .show, .page:
            switch command.slideAction(cities: configuration.cities) {
            case .success(let action):
                await handle(.action(action))
                return slideReply()
            case .failure(let problem):
                return failure(problem.message, exitCode: CommandFailure.usage)
            }
        case .refresh(let force):
            return .result(await refresh(force: force))
        case .reload:
            switch await reloadConfig() {
            case .success(let result):
                return .result(result)
            case .failure(let error):
                return failure(
                    error.description + "\nThe kiosk keeps its last good config.",
                    exitCode: error.kind == .access
                        ? CommandFailure.runtime : CommandFailure.usage)
            }
        case .screenshot:
            guard let shot = await display.pngOfLastFrame() else {
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
                let frame = await display.ansiFrame(
                    after: after ?? -1, columns: columns, rows: rows,
                    trueColor: colors == "truecolor")
            else {
                return failure("No frame has been shown yet.", exitCode: CommandFailure.runtime)
            }
            return .preview(ControlPreview(frame: frame.frame, ansi: frame.text))
        }
    }

    /// Asks the reducer for a refresh and says what became of it.
    private func refresh(force: Bool) async -> ControlResult {
        let now = parts.time.now()
        await handle(.action(force ? .forceRefresh : .refresh))
        return .refresh(of: state, force: force, at: now)
    }

    /// The reply to a command that moves the slide: the sentence and what is shown now.
    private func slideReply() -> ControlReply {
        let now = parts.time.now()
        return .result(
            ControlResult(
                message: state.slideSentence(cities: configuration.cities),
                showing: KioskStatus.Showing(snapshot: snapshot(at: now), at: now)))
    }

    private func failure(_ text: String, exitCode: Int32) -> ControlReply {
        .failure(ControlFailure(message: text, exitCode: exitCode))
    }

    /// The `status` reply: built from the latest published snapshot, what every follower
    /// sees, and the display worker's own report.
    func status() async -> KioskStatus {
        let now = parts.time.now()
        let report = await display.report()
        var status = KioskStatus(
            snapshot: snapshots.latest ?? snapshot(at: now), display: report, at: now,
            uptimeSeconds: Int(now.monotonic.seconds(since: startedAt)), store: store)
        status.mqtt = parts.mqttStatus()
        if status.mqtt != nil {
            let settings = configuration.mqtt
            status.mqtt?.warning = await parts.files.run {
                MQTTCredentials.passwordFileWarning(settings)
            }
        }
        status.stateProblem = stateProblem
        return status
    }
}
