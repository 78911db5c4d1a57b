import FoundationEssentials
public import KioskCore

extension AirQualityRequest {
    /// Decodes the body the Air Quality API answered this request with: one forecast per
    /// coordinate, in request order (a single object or an array). `null` is a missing value
    /// and a missing pollen count is left out, never zero. A concentration whose unit is not
    /// µg/m³ (or a pollen count not in grains/m³) is dropped rather than misread.
    /// - Parameter host: names the server in error messages.
    /// - Throws: `OpenMeteoError` `.rejected` for an `"error": true` body,
    ///   `.malformedResponse` for anything that is not an answer for every coordinate.
    public func decodeResponse(_ body: [UInt8], host: String) throws(OpenMeteoError)
        -> [AirQualityForecast]
    {
        let locations = try decodeLocationObjects(
            AirQualityBody.self, from: body, expected: coordinates.count, host: host)
        var forecasts: [AirQualityForecast] = []
        forecasts.reserveCapacity(locations.count)
        for (index, location) in locations.enumerated() {
            let times = TimeReader(utcOffset: location.utcOffsetSeconds, index: index, host: host)
            forecasts.append(
                AirQualityForecast(
                    coordinate: Coordinate(
                        latitude: location.latitude ?? coordinates[index].latitude,
                        longitude: location.longitude ?? coordinates[index].longitude),
                    utcOffsetSeconds: times.utcOffsetSeconds,
                    current: try current(location, times),
                    hourly: try hourly(location, times)))
        }
        return forecasts
    }

    private func current(_ location: AirQualityBody, _ times: TimeReader)
        throws(OpenMeteoError) -> AirQualityConditions?
    {
        guard let block = location.current,
            let time = try times.instant(block.time, field: "current.time")
        else { return nil }
        let units = location.currentUnits ?? [:]
        func mass(_ key: String) -> MassConcentration? {
            guard let value = block.values[key] ?? nil, value.isFinite, value >= 0,
                isUnit(units[key] ?? nil, ["µg/m³", "μg/m³"])
            else { return nil }
            return MassConcentration(microgramsPerCubicMetre: value)
        }
        func index(_ key: String) -> Double? {
            guard let value = block.values[key] ?? nil, value.isFinite, value >= 0 else {
                return nil
            }
            return value
        }
        let pollen = PollenKind.allCases.compactMap { kind -> PollenCount? in
            let key = kind.rawValue + "_pollen"
            guard let value = index(key), isUnit(units[key] ?? nil, ["grains/m³"]) else {
                return nil
            }
            return PollenCount(kind, grainsPerCubicMetre: value)
        }
        return AirQualityConditions(
            time: time, europeanAQI: index("european_aqi"), usAQI: index("us_aqi"),
            pm25: mass("pm2_5"), pm10: mass("pm10"), ozone: mass("ozone"),
            nitrogenDioxide: mass("nitrogen_dioxide"), uvIndex: index("uv_index").map(UVIndex.init),
            pollen: pollen)
    }

    private func hourly(_ location: AirQualityBody, _ times: TimeReader)
        throws(OpenMeteoError) -> [AirQualityHour]
    {
        guard let block = location.hourly, let stamps = block.time else { return [] }
        var hours: [AirQualityHour] = []
        hours.reserveCapacity(stamps.count)
        for (row, value) in stamps.enumerated() {
            guard let time = try times.instant(value, field: "hourly.time[\(row)]") else {
                continue
            }
            func index(_ series: [Double?]?) -> Double? {
                guard let value = series?[ifPresent: row] ?? nil, value.isFinite, value >= 0
                else { return nil }
                return value
            }
            hours.append(
                AirQualityHour(
                    time: time, europeanAQI: index(block.europeanAQI), usAQI: index(block.usAQI)))
        }
        return hours
    }
}

/// Whether a `*_units` entry names one of `symbols`; a missing entry is taken for the
/// documented unit.
private func isUnit(_ symbol: String?, _ symbols: [String]) -> Bool {
    guard let symbol else { return true }
    return symbols.contains(symbol)
}

/// One location's object of an air-quality body; unknown keys are ignored.
struct AirQualityBody: LocationObject {
    var latitude: Double?
    var longitude: Double?
    var utcOffsetSeconds: Double?
    var error: Bool?
    var reason: String?
    var current: AirQualityCurrentBody?
    var currentUnits: [String: String?]?
    var hourly: AirQualityHourlyBody?

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, error, reason, current, hourly
        case utcOffsetSeconds = "utc_offset_seconds"
        case currentUnits = "current_units"
    }
}

/// The `current` block: a time and a number (or `null`) per variable.
struct AirQualityCurrentBody: Decodable {
    var time: TimeValue?
    var values: [String: Double?]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        time = try container.decodeIfPresent(TimeValue.self, forKey: Key(stringValue: "time"))
        var values: [String: Double?] = [:]
        for name in AirQualityRequest.currentVariables {
            let key = Key(stringValue: name)
            guard container.contains(key) else { continue }
            values[name] = try container.decodeIfPresent(Double.self, forKey: key)
        }
        self.values = values
    }
}

/// The `hourly` block: parallel arrays indexed like `time`.
struct AirQualityHourlyBody: Decodable {
    var time: [TimeValue?]?
    var europeanAQI: [Double?]?
    var usAQI: [Double?]?

    enum CodingKeys: String, CodingKey {
        case time
        case europeanAQI = "european_aqi"
        case usAQI = "us_aqi"
    }
}
