import KioskCore

/// The credit a forecast provider's licence asks for on every page that shows its data:
/// MET Norway's is CC BY 4.0, "Data from MET Norway". Open-Meteo's data needs none on the
/// screen.
extension ForecastProviderID {
    /// The credit where a line has room for a word only: "met.no" on an OLED; nil where
    /// none is owed.
    var shortCredit: String? {
        switch self {
        case .openMeteo: nil
        case .metNorway: "met.no"
        }
    }

    /// The credit as a character display words it in `language`, longest first: "Data from
    /// MET Norway" (20 characters), "Data: MET Norway" (16), "MET Norway"; empty where none
    /// is owed.
    func characterCredits(in language: Language) -> [String] {
        switch self {
        case .openMeteo: []
        case .metNorway:
            [
                language.localized("Data from MET Norway"),
                // TRANSLATORS: MET Norway's credit on a 16-column LCD, 16 characters at most;
                // keep the name "MET Norway" as it is.
                language.localized("Data: MET Norway", context: "LCD"), "MET Norway",
            ]
        }
    }
}

extension ForecastProviderID {
    /// The credit a page shows under the provider's data, in `language`: "Data from MET
    /// Norway", "Dati di MET Norway"; nil where none is owed.
    func credit(in language: Language) -> String? {
        switch self {
        case .openMeteo: nil
        // TRANSLATORS: MET Norway's licence (CC BY 4.0) asks for this credit under its
        // data; keep the name "MET Norway" as it is.
        case .metNorway: language.localized("Data from MET Norway")
        }
    }
}

extension CityWeather {
    /// The provider whose credit the place's pages owe: nil without a forecast, or when its
    /// provider asks for none.
    var creditedProvider: ForecastProviderID? {
        forecast != nil && provider.attribution != nil ? provider : nil
    }
}

extension PageContext {
    /// The credit owed for the forecasts of `places` shown on a page ("Data from MET
    /// Norway"): each provider's once, nil when none is owed.
    func credit(for places: [CityWeather]) -> String? {
        var credits: [String] = []
        for place in places {
            if let credit = place.creditedProvider?.credit(in: language),
                !credits.contains(credit)
            {
                credits.append(credit)
            }
        }
        return credits.isEmpty ? nil : credits.joined(separator: " · ")
    }
}
