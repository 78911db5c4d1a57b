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
        case .next:
            await handle(.action(.nextCity))
            return slideReply()
        case .previous:
            await handle(.action(.previousCity))
            return slideReply()
        case .show(let reference):
            let index: Int
            do {
                index = try FavouriteReference.index(of: reference, in: configuration.cities)
            } catch {
                return failure(error.description, exitCode: CommandFailure.usage)
            }
            await handle(.action(.showCity(index - 1)))
            return slideReply()
        case .page(let name):
            let names = Page.allCases.map(\.rawValue).joined(separator: ", ")
            guard let page = Page(rawValue: name.lowercased()) else {
                return failure(
                    "page takes one of \(names), not \"\(name)\".",
                    exitCode: CommandFailure.usage)
            }
            await handle(.action(.showPage(page)))
            return slideReply()
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
        let seconds = state.secondsUntilRefresh(at: now)
        let next = WeatherFormat.countdown(seconds)
        var result = ControlResult(message: "", refresh: "due")
        result.nextRefreshSeconds = Int(seconds.rounded(.up))
        switch state.lastRefreshRequest {
        case .started?:
            result.refresh = "started"
            result.message =
                force && state.rateLimitedUntil != nil
                ? "Fetching forecasts now, once, despite Open-Meteo's rate limit."
                : "Fetching forecasts now."
        case .joinedRunning?:
            result.refresh = "joined_running"
            result.message = "A refresh is under way already; this one joins it."
        case .joinedRecent(let secondsAgo)?:
            let ago = secondsAgo < 1 ? "moments" : WeatherFormat.countdown(secondsAgo)
            result.refresh = "joined_recent"
            result.message =
                "Forecasts were fetched \(ago) ago; nothing was sent, and the next refresh is"
                + " due in \(next)."
        case .scheduled(let at)?:
            let wait = WeatherFormat.countdown(at.seconds(since: now.monotonic))
            result.refresh = "scheduled"
            result.message =
                "The last attempt failed moments ago; the next one goes out in \(wait)."
        case .heldByRateLimit(let until)?:
            let wait = WeatherFormat.countdown(until.seconds(since: now.monotonic))
            result.refresh = "held_by_rate_limit"
            result.message =
                "Open-Meteo's rate limit holds refreshes for \(wait) more; nothing was sent"
                + " (refresh --force tries once anyway)."
        case .nothingToFetch?:
            result.refresh = "nothing_to_fetch"
            result.message =
                "There is nothing to fetch: no favourites and no station yet; nothing was"
                + " sent (`weather-kiosk city add NAME` adds a favourite)."
        case nil:
            result.message = "A refresh is due in \(next)."
        }
        return result
    }

    /// The reply to a command that moves the slide: the sentence and what is shown now.
    private func slideReply() -> ControlReply {
        let now = parts.time.now()
        return .result(
            ControlResult(
                message: describeSlide(),
                showing: KioskStatus.Showing(snapshot: snapshot(at: now), at: now)))
    }

    /// "Showing the hourly page of Rome (2 of 5)."
    func describeSlide() -> String {
        switch state.slide.kind {
        case .empty:
            return "Showing the empty page: there are no favourites yet."
        case .page(let page):
            var text = "Showing the \(page.rawValue) page"
            let cities = configuration.cities
            if let index = state.slide.cityIndex, cities.indices.contains(index) {
                let name = PlaceNames.displayNames(of: cities)[index]
                text += " of \(name) (\(index + 1) of \(cities.count))"
            }
            return text + "."
        }
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

extension DisplayWorker {
    /// The last frame as PNG, encoded on the display's thread.
    public func pngOfLastFrame() -> (png: [UInt8], width: Int, height: Int, frame: Int)? {
        guard let (frame, image) = lastFrame() else { return nil }
        do {
            return (try PNGCodec.encode(image), image.width, image.height, frame)
        } catch {
            return nil
        }
    }

    /// The newest frame after `after` (waiting up to 25 s for one) as terminal text.
    public func ansiFrame(after: Int, columns: Int, rows: Int, trueColor: Bool) async -> (
        frame: Int, text: String
    )? {
        guard let (frame, image) = await self.frame(after: after, timeout: 25) else { return nil }
        let text = ANSIImage.render(
            image, columns: columns, rows: rows, colors: trueColor ? .trueColor : .palette256)
        return (frame, text)
    }
}
