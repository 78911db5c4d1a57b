import FoundationEssentials
import KioskCore
import RealModule

extension FakeOpenMeteo {
    /// Variables the fake's `/v1/air-quality` can produce, per block.
    static let airQualityVariables: [String: Set<String>] = {
        let values: Set<String> = [
            "european_aqi", "us_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide", "uv_index",
            "alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen",
            "ragweed_pollen",
        ]
        return ["current": values, "hourly": values]
    }()

    /// `/v1/air-quality`: the indices and pollutants drift with the place's weather; pollen
    /// is counted in Europe (zero out of season, February to September in season) and `null`
    /// elsewhere, as the CAMS European model covers Europe only.
    func airQuality(_ request: RecordedRequest) -> CannedResponse {
        let query: ForecastQuery
        do {
            query = try ForecastQuery(
                request, maximumLocations: maximumLocations, known: Self.airQualityVariables)
        } catch {
            return .json(JSONText.errorBody(error.reason), status: 400)
        }
        let instant = now()
        let bodies = query.coordinates.enumerated().map { index, coordinate in
            airQualityJSON(query: query, coordinate: coordinate, index: index, now: instant)
        }
        return .json(bodies.count == 1 ? bodies[0] : JSONText.array(bodies))
    }

    private func airQualityJSON(
        query: ForecastQuery, coordinate: Coordinate, index: Int, now: Date
    ) -> String {
        let zone = query.zone(for: coordinate)
        let model = WeatherModel(
            coordinate: coordinate, utcOffsetSeconds: zone.offset, elevation: 0)
        var members = headerMembers(coordinate: coordinate, zone: zone, elevation: 0, index: index)
        let hourStart = Date(
            timeIntervalSince1970: (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        func time(_ instant: Date) -> String {
            if query.timeformat == "unixtime" { return String(Int(instant.timeIntervalSince1970)) }
            let local = LocalDateTime(instant, utcOffsetSeconds: zone.offset)
            return JSONText.string(String(local.description.prefix(16)))
        }
        func units(_ variables: [String], interval: Bool) -> String {
            var list: [(key: String, value: String)] = [("time", JSONText.string(query.timeformat))]
            if interval { list.append(("interval", JSONText.string("seconds"))) }
            for variable in variables {
                list.append((variable, JSONText.string(Self.airUnit(variable))))
            }
            return JSONText.object(list)
        }
        if !query.current.isEmpty {
            var block: [(key: String, value: String)] = [
                ("time", time(hourStart)), ("interval", "3600"),
            ]
            for variable in query.current {
                block.append((variable, airValue(variable, model: model, at: hourStart)))
            }
            members.append(("current_units", units(query.current, interval: true)))
            members.append(("current", JSONText.object(block)))
        }
        if !query.hourly.isEmpty {
            let times = (0..<(query.forecastHours ?? query.forecastDays * 24)).map {
                hourStart.addingTimeInterval(Double($0) * 3600)
            }
            var block: [(key: String, value: String)] = [("time", JSONText.array(times.map(time)))]
            for variable in query.hourly {
                block.append(
                    (
                        variable,
                        JSONText.array(times.map { airValue(variable, model: model, at: $0) })
                    ))
            }
            members.append(("hourly_units", units(query.hourly, interval: false)))
            members.append(("hourly", JSONText.object(block)))
        }
        return JSONText.object(members)
    }

    private func airValue(_ variable: String, model: WeatherModel, at time: Date) -> String {
        let haze = model.smoothNoise(at: time, channel: 7)
        let pm25 = 3 + 45 * haze * haze
        switch variable {
        case "pm2_5": return JSONText.number(pm25, fractionDigits: 1)
        case "pm10": return JSONText.number(pm25 * 1.4 + 4, fractionDigits: 1)
        case "ozone":
            return JSONText.number(
                30 + 70 * model.smoothNoise(at: time, channel: 8), fractionDigits: 1)
        case "nitrogen_dioxide": return JSONText.number(5 + 40 * haze, fractionDigits: 1)
        case "uv_index": return JSONText.number(model.uvIndex(at: time), fractionDigits: 2)
        case "european_aqi":
            return JSONText.number(pm25 <= 5 ? pm25 * 4 : 20 + (pm25 - 5) * 2, fractionDigits: 0)
        case "us_aqi":
            return JSONText.number(
                pm25 <= 9 ? pm25 * 50 / 9 : 50 + (pm25 - 9) * 50 / 26.4, fractionDigits: 0)
        default:  // pollen
            let coordinate = model.coordinate
            let inEurope =
                (35...72).contains(coordinate.latitude) && (-25...45).contains(coordinate.longitude)
            guard inEurope else { return "null" }
            let month = LocalDateTime(time, utcOffsetSeconds: model.utcOffsetSeconds).date.month
            guard (2...9).contains(month) else { return "0.0" }
            return JSONText.number(120 * model.smoothNoise(at: time, channel: 9), fractionDigits: 1)
        }
    }

    private static func airUnit(_ variable: String) -> String {
        switch variable {
        case "european_aqi": "EAQI"
        case "us_aqi": "USAQI"
        case "uv_index": ""
        case let pollen where pollen.hasSuffix("_pollen"): "grains/m³"
        default: "μg/m³"
        }
    }
}
