import KioskCore

extension FakeOpenMeteo {
    /// A `/v1/forecast` query, checked the way the real API checks it and refused with the
    /// real API's reason texts.
    struct ForecastQuery {
        var coordinates: [Coordinate] = []
        var current: [String] = []
        var hourly: [String] = []
        var daily: [String] = []
        var forecastDays = 7
        var forecastHours: Int?
        var timeformat = "iso8601"
        var timezone: String?
        var units = ForecastUnits()

        /// Why the API refuses a query: the `reason` of its 400 body.
        struct Rejection: Error {
            var reason: String
        }

        init(
            _ request: RecordedRequest, maximumLocations: Int,
            known: [String: Set<String>] = FakeOpenMeteo.knownVariables
        ) throws(Rejection) {
            func list(_ name: String) -> [String] {
                (request.queryValue(name) ?? "").split(separator: ",").map {
                    String($0.filter { !$0.isWhitespace })
                }
            }
            let latitudes = list("latitude").map { Double($0) }
            let longitudes = list("longitude").map { Double($0) }
            let coordinates = "Parameter 'latitude' and 'longitude'"
            if latitudes.contains(nil) || longitudes.contains(nil) {
                throw Rejection(reason: "\(coordinates) must be numbers")
            }
            guard latitudes.count == longitudes.count else {
                throw Rejection(reason: "\(coordinates) must have the same number of elements")
            }
            guard !latitudes.isEmpty else {
                throw Rejection(reason: "\(coordinates) must not be empty")
            }
            guard latitudes.count <= maximumLocations else {
                throw Rejection(
                    reason: "\(coordinates) must not exceed \(maximumLocations) coordinates.")
            }
            for case (let latitude?, let longitude?) in zip(latitudes, longitudes) {
                guard (-90...90).contains(latitude) else {
                    throw Rejection(
                        reason: "Latitude must be in range of -90 to 90°. Given: \(latitude).")
                }
                guard (-180...180).contains(longitude) else {
                    throw Rejection(
                        reason: "Longitude must be in range of -180 to 180°. Given: \(longitude).")
                }
                self.coordinates.append(Coordinate(latitude: latitude, longitude: longitude))
            }
            current = try Self.variables(list("current"), block: "current", known: known)
            hourly = try Self.variables(list("hourly"), block: "hourly", known: known)
            daily = try Self.variables(list("daily"), block: "daily", known: known)
            if let text = request.queryValue("forecast_days") {
                guard let days = Int(text), (0...16).contains(days) else {
                    throw Rejection(
                        reason: "Forecast days is invalid. Allowed range 0 to 16. Given \(text).")
                }
                forecastDays = days
            }
            if let text = request.queryValue("forecast_hours") {
                guard let hours = Int(text), (0...384).contains(hours) else {
                    throw Rejection(
                        reason: "Forecast hours is invalid. Allowed range 0 to 384. Given \(text).")
                }
                forecastHours = hours
            }
            if let text = request.queryValue("timeformat") {
                guard text == "iso8601" || text == "unixtime" else {
                    throw Self.invalidValue("Timeformat", text)
                }
                timeformat = text
            }
            if let text = request.queryValue("temperature_unit") {
                guard let unit = TemperatureUnit(rawValue: text) else {
                    throw Self.invalidValue("TemperatureUnit", text)
                }
                units.temperature = unit
            }
            let windText =
                request.queryValue("wind_speed_unit") ?? request.queryValue("windspeed_unit")
            if let text = windText {
                guard let unit = WindUnit(rawValue: text) else {
                    throw Self.invalidValue("WindspeedUnit", text)
                }
                units.wind = unit
            }
            if let text = request.queryValue("precipitation_unit") {
                guard let unit = PrecipitationUnit(rawValue: text) else {
                    throw Self.invalidValue("PrecipitationUnit", text)
                }
                units.precipitation = unit
            }
            if let text = request.queryValue("timezone") {
                guard text == "auto" || zones[text] != nil else {
                    throw Rejection(reason: "Invalid timezone")
                }
                timezone = text
            }
        }

        /// The zone a location's times are in: GMT unless `timezone` says otherwise.
        func zone(for coordinate: Coordinate) -> Zone {
            switch timezone {
            case nil: Zone(name: "GMT", abbreviation: "GMT", offset: 0)
            case "auto": automaticZone(for: coordinate)
            case let name?:
                Zone(
                    name: name, abbreviation: zones[name]?.abbreviation ?? "GMT",
                    offset: zones[name]?.utcOffsetSeconds ?? 0)
            }
        }

        private static func variables(
            _ names: [String], block: String, known: [String: Set<String>]
        ) throws(Rejection) -> [String] {
            let known = known[block, default: []]
            if let unknown = names.first(where: { !known.contains($0) }) {
                let type = block == "daily" ? "ForecastVariableDaily" : "ForecastVariable"
                throw invalidValue(type, unknown)
            }
            return names
        }

        private static func invalidValue(_ type: String, _ value: String) -> Rejection {
            Rejection(
                reason: "Data corrupted at path ''. Cannot initialize \(type) from invalid String"
                    + " value \(value).")
        }
    }
}
