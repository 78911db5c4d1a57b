/// The services a forecast can come from. The raw values are what `status --json` and
/// `forecast --json` print as `provider`, and what `forecast.fallback` names.
public enum ForecastProviderID: String, Sendable, Hashable, Codable, CaseIterable {
    /// Open-Meteo: the kiosk's forecast service.
    case openMeteo = "open-meteo"
    /// MET Norway's Locationforecast 2.0: the second provider, used while Open-Meteo fails.
    case metNorway = "met-norway"

    /// The name a person reads: "Open-Meteo", "MET Norway".
    public var displayName: String {
        switch self {
        case .openMeteo: "Open-Meteo"
        case .metNorway: "MET Norway"
        }
    }

    /// The credit a page must show under this provider's data, as its licence asks; nil
    /// where the kiosk shows none. MET Norway's data is CC BY 4.0: "Data from MET Norway".
    public var attribution: String? {
        switch self {
        case .openMeteo: nil
        case .metNorway: "Data from MET Norway"
        }
    }
}
