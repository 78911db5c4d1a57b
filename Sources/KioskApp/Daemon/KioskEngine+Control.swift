import FoundationEssentials
import KioskCore
import Logging
import Rendering

extension KioskEngine {
    /// Answers one control request with its reply line.
    public func control(_ request: ControlRequest) async -> [UInt8] {
        do {
            switch request.cmd {
            case "status":
                struct Reply: Encodable { var status: KioskStatus }
                return try ControlProtocol.successLine(Reply(status: await status()))
            case "next":
                process(.action(.nextCity, from: .control))
                return message(describeSlide())
            case "previous":
                process(.action(.previousCity, from: .control))
                return message(describeSlide())
            case "show":
                guard let reference = request.city, !reference.isEmpty else {
                    return failure(
                        "show needs a favourite's name or number.", exitCode: CommandFailure.usage)
                }
                let index = try CityCommands.resolve(reference, in: configuration.cities)
                process(.action(.showCity(index - 1), from: .control))
                return message(describeSlide())
            case "page":
                let names = Page.allCases.map(\.rawValue).joined(separator: ", ")
                guard let name = request.page, let page = Page(rawValue: name.lowercased()) else {
                    return failure(
                        "page takes one of \(names), not \"\(request.page ?? "")\".",
                        exitCode: CommandFailure.usage)
                }
                process(.action(.showPage(page), from: .control))
                return message(describeSlide())
            case "refresh":
                return message(refresh())
            case "reload":
                switch await reloadConfig() {
                case .success(let text): return message(text)
                case .failure(let error):
                    return failure(
                        error.description + "\nThe kiosk keeps its last good config.",
                        exitCode: error.kind == .access
                            ? CommandFailure.runtime : CommandFailure.usage)
                }
            case "screenshot":
                guard let shot = await display.pngOfLastFrame() else {
                    return failure("No frame has been shown yet.", exitCode: CommandFailure.runtime)
                }
                struct Reply: Encodable {
                    var png: String
                    var width: Int
                    var height: Int
                    var frame: Int
                }
                return try ControlProtocol.successLine(
                    Reply(
                        png: Data(shot.png).base64EncodedString(), width: shot.width,
                        height: shot.height, frame: shot.frame))
            case "preview":
                let columns = min(max(request.columns ?? 80, 8), 1000)
                let rows = min(max(request.rows ?? 24, 4), 500)
                guard
                    let frame = await display.ansiFrame(
                        after: request.after ?? -1, columns: columns, rows: rows,
                        trueColor: request.colors == "truecolor")
                else {
                    return failure("No frame has been shown yet.", exitCode: CommandFailure.runtime)
                }
                struct Reply: Encodable {
                    var frame: Int
                    var ansi: String
                }
                return try ControlProtocol.successLine(Reply(frame: frame.frame, ansi: frame.text))
            default:
                return failure(
                    "Unknown command \"\(request.cmd)\"; the commands are status, next, previous, show, page, refresh, reload, screenshot and preview.",
                    exitCode: CommandFailure.usage)
            }
        } catch let failure as CommandFailure {
            return self.failure(failure.message, exitCode: failure.exitCode)
        } catch {
            return failure(
                Sentence.ended("The kiosk could not answer: \(error)"),
                exitCode: CommandFailure.runtime)
        }
    }

    /// Reads the config file now; a valid one is applied, an invalid one refused.
    func reloadConfig() async -> Result<String, ConfigFileError> {
        let store = store
        let loaded: Result<ConfigStore.Loaded, ConfigFileError> = await parts.files.run {
            Result { () throws(ConfigFileError) in try store.load() }
        }
        switch loaded {
        case .success(let loaded):
            let changed = loaded.configuration != configuration || !configProblems.isEmpty
            if changed {
                await apply(loaded.configuration)
                parts.logger.info("Config reloaded from \(store.path).")
            }
            return .success(changed ? "Reloaded \(store.path)." : "\(store.path) is unchanged.")
        case .failure(let error):
            reject(error)
            return .failure(error)
        }
    }

    private func refresh() -> String {
        let now = parts.time.now()
        process(.action(.refresh, from: .control))
        if state.refreshing { return "Fetching forecasts now." }
        if let until = state.rateLimitedUntil, until > now.monotonic {
            let wait = WeatherFormat.duration(until.seconds(since: now.monotonic))
            return "Open-Meteo's rate limit holds refreshes for \(wait) more; nothing was sent."
        }
        return "A refresh is due in \(WeatherFormat.duration(state.secondsUntilRefresh(at: now)))."
    }

    /// "Showing the hourly page of Rome (2 of 5)."
    func describeSlide() -> String {
        switch state.slide.kind {
        case .empty:
            return "Showing the empty page: there are no favourites yet."
        case .page(let page):
            var text = "Showing the \(page.rawValue) page"
            if let index = state.slide.cityIndex, configuration.cities.indices.contains(index) {
                text +=
                    " of \(configuration.cities[index].name) (\(index + 1) of \(configuration.cities.count))"
            }
            return text + "."
        }
    }

    private func message(_ text: String) -> [UInt8] {
        ControlProtocol.successLine("\"message\":\(JSONText.quoted(text))")
    }

    private func failure(_ text: String, exitCode: Int32) -> [UInt8] {
        Array("{\"ok\":false,\"error\":\(JSONText.quoted(text)),\"exitCode\":\(exitCode)}\n".utf8)
    }

    /// The `status` reply.
    func status() async -> KioskStatus {
        let now = parts.time.now()
        let report = await display.report()
        displayReport = report
        var showing = KioskStatus.Showing(
            page: "empty", city: nil, cityNumber: nil, pausedSeconds: nil)
        if case .page(let page) = state.slide.kind { showing.page = page.rawValue }
        if let index = state.slide.cityIndex, configuration.cities.indices.contains(index) {
            showing.city = configuration.cities[index].name
            showing.cityNumber = index + 1
        }
        if let paused = state.pausedUntil, paused > now.monotonic {
            showing.pausedSeconds = Int(paused.seconds(since: now.monotonic).rounded(.up))
        }
        var sensorStatus = KioskStatus.Sensor(
            kind: configuration.sensor.kind.rawValue, error: state.sensorError)
        if let reading = indoor.latest {
            sensorStatus.chip = reading.chip.rawValue
            sensorStatus.readAt = reading.time
            sensorStatus.temperature = reading.temperature
            sensorStatus.humidity = reading.humidity
            sensorStatus.pressure = reading.pressure
            sensorStatus.seaLevelPressure = stationElevation.map {
                reading.seaLevelPressure(elevation: $0)
            }
            sensorStatus.dewPoint = reading.dewPoint
            sensorStatus.tendency = indoor.tendency?.rawValue
        }
        let sizeText = report.size.description
        return KioskStatus(
            version: KioskVersion.string,
            uptimeSeconds: Int(now.monotonic.seconds(since: startedAt)),
            board: configuration.board,
            display: .init(
                kind: configuration.display.kind.rawValue, size: sizeText,
                power: report.power.rawValue,
                frame: report.frame, error: report.error, warning: report.warning),
            showing: showing,
            cities: configuration.cities.map(\.name),
            recentCities: state.recentCities.map(\.name),
            forecast: .init(
                fetchedAt: state.lastForecast, stale: state.isStale(at: now),
                error: state.forecastError,
                nextRefreshSeconds: Int(state.secondsUntilRefresh(at: now).rounded(.up)),
                failures: state.forecastFailures),
            sensor: sensorStatus,
            config: .init(path: store.path, problems: configProblems))
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
