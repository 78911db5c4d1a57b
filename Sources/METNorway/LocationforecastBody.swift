/// The JSON of a Locationforecast 2.0 answer (`compact` or `complete`: the same shape, with
/// more fields in `complete`), as far as the kiosk reads it. Every field may be missing:
/// MET Norway documents that some variables exist only in some regions.
struct LocationforecastBody: Decodable {
    var geometry: Geometry?
    var properties: Properties

    /// GeoJSON point: longitude, latitude and the altitude the forecast is for.
    struct Geometry: Decodable {
        var coordinates: [Double]?
    }

    struct Properties: Decodable {
        var meta: Meta?
        var timeseries: [Step]
    }

    struct Meta: Decodable {
        var updatedAt: String?
        var units: [String: String]?

        enum CodingKeys: String, CodingKey {
            case updatedAt = "updated_at"
            case units
        }
    }

    /// One time step: the values at `time`, and summaries for the 1, 6 and 12 hours from it.
    struct Step: Decodable {
        var time: String
        var data: StepData
    }

    struct StepData: Decodable {
        var instant: Instant?
        var next1Hours: Period?
        var next6Hours: Period?
        var next12Hours: Period?

        enum CodingKeys: String, CodingKey {
            case instant
            case next1Hours = "next_1_hours"
            case next6Hours = "next_6_hours"
            case next12Hours = "next_12_hours"
        }
    }

    struct Instant: Decodable {
        var details: InstantDetails?
    }

    /// Values at an instant: temperature at 2 m, pressure reduced to sea level, wind at 10 m
    /// (and its gust, in `complete` answers only).
    struct InstantDetails: Decodable {
        var airTemperature: Double?
        var airPressureAtSeaLevel: Double?
        var relativeHumidity: Double?
        var windSpeed: Double?
        var windFromDirection: Double?
        var windSpeedOfGust: Double?

        enum CodingKeys: String, CodingKey {
            case airTemperature = "air_temperature"
            case airPressureAtSeaLevel = "air_pressure_at_sea_level"
            case relativeHumidity = "relative_humidity"
            case windSpeed = "wind_speed"
            case windFromDirection = "wind_from_direction"
            case windSpeedOfGust = "wind_speed_of_gust"
        }
    }

    /// A period's weather symbol and values.
    struct Period: Decodable {
        var summary: Summary?
        var details: PeriodDetails?
    }

    struct Summary: Decodable {
        var symbolCode: String?

        enum CodingKeys: String, CodingKey {
            case symbolCode = "symbol_code"
        }
    }

    /// A period's values: the amount in all answers, the others in `complete` only.
    struct PeriodDetails: Decodable {
        var precipitationAmount: Double?
        var probabilityOfPrecipitation: Double?
        var airTemperatureMax: Double?
        var airTemperatureMin: Double?

        enum CodingKeys: String, CodingKey {
            case precipitationAmount = "precipitation_amount"
            case probabilityOfPrecipitation = "probability_of_precipitation"
            case airTemperatureMax = "air_temperature_max"
            case airTemperatureMin = "air_temperature_min"
        }
    }
}
