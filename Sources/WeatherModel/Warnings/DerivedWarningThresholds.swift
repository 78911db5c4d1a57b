public import FoundationEssentials

/// The lowest value of a hazard that earns each severity; nil where the published scale has
/// no such level.
public struct SeverityThresholds<Value: Comparable & Sendable & Hashable>: Sendable, Hashable {
    /// From here: minor.
    public var minor: Value?
    /// From here: moderate.
    public var moderate: Value?
    /// From here: severe.
    public var severe: Value?
    /// From here: extreme.
    public var extreme: Value?

    /// Creates a scale.
    public init(
        minor: Value? = nil, moderate: Value? = nil, severe: Value? = nil, extreme: Value? = nil
    ) {
        self.minor = minor
        self.moderate = moderate
        self.severe = severe
        self.extreme = extreme
    }

    /// The highest severity whose threshold `value` reaches; nil below all of them.
    public func severity(of value: Value) -> WarningSeverity? {
        if let extreme, value >= extreme { return .extreme }
        if let severe, value >= severe { return .severe }
        if let moderate, value >= moderate { return .moderate }
        if let minor, value >= minor { return .minor }
        return nil
    }

    /// The lowest threshold: where the hazard starts to count.
    public var lowest: Value? { minor ?? moderate ?? severe ?? extreme }
}

/// Where the kiosk's own reading of the forecast and the barometer starts to warn.
///
/// The defaults are the Deutscher Wetterdienst's published criteria for its warning levels
/// ("Wetterwarnkriterien" and "Unwetterwarnkriterien" on dwd.de / wettergefahren.de), the
/// one national scale that gives numbers for every hazard here; its levels 1–4 are CAP's
/// minor, moderate, severe and extreme, as in the DWD's own CAP feed:
/// - gusts: 50 km/h (level 1, "Windböen"), 65 km/h (level 2, "Sturmböen"), 105 km/h
///   (level 3, "orkanartige Böen"), 140 km/h (level 4, "extreme Orkanböen");
/// - heavy rain in one hour: 15 mm (level 2, "Starkregen"), 25 mm (3), 40 mm (4);
///   in six hours: 20, 35, 60 mm; in a day ("Dauerregen", 24 h): 30, 50, 80 mm;
/// - heat: 32 °C (level 1, "starke Wärmebelastung") and 38 °C (level 2, "extreme
///   Wärmebelastung"). The DWD measures perceived temperature; the kiosk has the forecast
///   air temperature and applies the same numbers to it;
/// - frost: below 0 °C (level 1, "Frost"), below −10 °C (level 2, "strenger Frost");
/// - thunderstorm: WMO code 95 is level 1 ("Gewitter"); 96 and 99, with hail, level 2
///   ("starkes Gewitter … Hagel");
/// - snow: Open-Meteo gives intensity codes, not centimetres: moderate snowfall (73, 85) is
///   level 1, heavy snowfall (75, 86) level 2;
/// - barometer: the UK Met Office's terms for a three-hour fall: "falling quickly" from
///   3.6 hPa and "very rapidly" beyond 6 hPa; the kiosk warns from a 4 hPa fall (minor) and
///   from 6 hPa (moderate).
public struct DerivedWarningThresholds: Sendable, Hashable {
    /// Highest gust at 10 m.
    public var gust: SeverityThresholds<Speed>
    /// Precipitation in one hour, millimetres.
    public var rainPerHourMillimetres: SeverityThresholds<Double>
    /// Precipitation in six hours, millimetres.
    public var rainPerSixHoursMillimetres: SeverityThresholds<Double>
    /// Precipitation in a day, millimetres.
    public var rainPerDayMillimetres: SeverityThresholds<Double>
    /// Highest air temperature of a day.
    public var heat: SeverityThresholds<Temperature>
    /// Lowest air temperature of a day, as its fall below the threshold: frost "reaches" a
    /// threshold when the temperature is below it.
    public var frost: SeverityThresholds<TemperatureDrop>
    /// Three-hour fall of the station's pressure.
    public var pressureFall: SeverityThresholds<PressureFall>
    /// How far ahead the forecast is read.
    public var lookahead: TimeInterval

    /// The DWD's and the Met Office's numbers listed above; 48 hours ahead.
    public init(
        gust: SeverityThresholds<Speed> = SeverityThresholds(
            minor: Speed(50, .kmh), moderate: Speed(65, .kmh), severe: Speed(105, .kmh),
            extreme: Speed(140, .kmh)),
        rainPerHourMillimetres: SeverityThresholds<Double> = SeverityThresholds(
            moderate: 15, severe: 25, extreme: 40),
        rainPerSixHoursMillimetres: SeverityThresholds<Double> = SeverityThresholds(
            moderate: 20, severe: 35, extreme: 60),
        rainPerDayMillimetres: SeverityThresholds<Double> = SeverityThresholds(
            moderate: 30, severe: 50, extreme: 80),
        heat: SeverityThresholds<Temperature> = SeverityThresholds(
            minor: Temperature(celsius: 32), moderate: Temperature(celsius: 38)),
        frost: SeverityThresholds<TemperatureDrop> = SeverityThresholds(
            minor: TemperatureDrop(below: Temperature(celsius: 0)),
            moderate: TemperatureDrop(below: Temperature(celsius: -10))),
        pressureFall: SeverityThresholds<PressureFall> = SeverityThresholds(
            minor: PressureFall(Pressure(hectopascals: 4)),
            moderate: PressureFall(Pressure(hectopascals: 6))),
        lookahead: TimeInterval = 48 * 3600
    ) {
        self.gust = gust
        self.rainPerHourMillimetres = rainPerHourMillimetres
        self.rainPerSixHoursMillimetres = rainPerSixHoursMillimetres
        self.rainPerDayMillimetres = rainPerDayMillimetres
        self.heat = heat
        self.frost = frost
        self.pressureFall = pressureFall
        self.lookahead = lookahead
    }
}

/// A temperature read as how far below a line it is: lower temperatures are "more". Frost
/// thresholds compare these, so that −12 °C reaches "below −10 °C".
public struct TemperatureDrop: Sendable, Hashable, Comparable {
    /// The temperature itself.
    public var temperature: Temperature

    /// The drop that a temperature strictly below `line` reaches.
    public init(below line: Temperature) {
        // Strictly below: the threshold sits a hair under the line.
        temperature = Temperature(celsius: line.celsius - 1e-9)
    }

    /// A temperature to compare with thresholds.
    public init(_ temperature: Temperature) {
        self.temperature = temperature
    }

    /// Colder is more.
    public static func < (lhs: TemperatureDrop, rhs: TemperatureDrop) -> Bool {
        lhs.temperature.celsius > rhs.temperature.celsius
    }
}

/// A fall of pressure, as a positive amount: a bigger fall is "more".
public struct PressureFall: Sendable, Hashable, Comparable {
    /// How much the pressure fell.
    public var amount: Pressure

    /// A fall of `amount`.
    public init(_ amount: Pressure) {
        self.amount = amount
    }

    /// A bigger fall is more.
    public static func < (lhs: PressureFall, rhs: PressureFall) -> Bool {
        lhs.amount.pascals < rhs.amount.pascals
    }
}
