import FoundationEssentials
import KioskCore

extension ForecastJSON {
    /// `sun`: the place's today, computed (Meeus), times in ISO 8601 UTC.
    struct Sun: Encodable {
        var sunrise: Date?
        var sunset: Date?
        var daylight: Int
        var daylightChange: Int
        /// "day" in the midnight sun, "night" in the polar night; absent otherwise.
        var polar: String?

        init(_ sun: SunriseSunset) {
            sunrise = sun.sunrise
            sunset = sun.sunset
            daylight = Int(sun.daylight.totalSeconds.rounded())
            daylightChange = Int(sun.daylightChange.totalSeconds.rounded())
            polar = sun.isPolarDay ? "day" : sun.isPolarNight ? "night" : nil
        }

        enum CodingKeys: String, CodingKey {
            case sunrise, sunset, polar
            case daylight = "daylight_seconds"
            case daylightChange = "daylight_change_seconds"
        }
    }

    /// `moon`: its phase now and its rising and setting on the place's today (each absent
    /// on a day without one).
    struct Moon: Encodable {
        var phase: MoonPhaseName
        var illumination: Double
        var age: Double
        var moonrise: Date?
        var moonset: Date?

        /// The lit part to a tenth of a percent, the age to a hundredth of a day (a quarter
        /// of an hour): the precision the computation has, not the float's.
        init(phase: MoonPhase, passage: MoonriseMoonset) {
            self.phase = phase.name
            illumination = (phase.illuminatedFraction * 1000).rounded() / 10
            age = (phase.age.totalSeconds / 864).rounded() / 100
            moonrise = passage.moonrise
            moonset = passage.moonset
        }

        enum CodingKeys: String, CodingKey {
            case phase, moonrise, moonset
            case illumination = "illumination_percent"
            case age = "age_days"
        }
    }
}
