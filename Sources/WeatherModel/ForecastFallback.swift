/// `forecast.fallback`: the second provider the kiosk turns to while Open-Meteo fails, or
/// none.
public enum ForecastFallback: String, Sendable, Hashable, Codable, CaseIterable {
    /// MET Norway's Locationforecast (the default).
    case metNorway = "met-norway"
    /// No second provider: the kiosk shows what it has and says Open-Meteo fails.
    case none

    /// The provider it names, nil for `none`.
    public var provider: ForecastProviderID? { self == .metNorway ? .metNorway : nil }
}
