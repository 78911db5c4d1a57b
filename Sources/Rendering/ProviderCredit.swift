import KioskCore

/// The credit a forecast provider's licence asks for on every page that shows its data:
/// MET Norway's is CC BY 4.0, "Data from MET Norway". Open-Meteo's forecast needs none on
/// the screen (the README credits it); its air quality is CAMS's (`AirQualityCredit`).
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

/// The credit the Copernicus Atmosphere Monitoring Service's licence (CC BY 4.0 style)
/// asks for under its data: Open-Meteo's air quality is CAMS's European and global
/// forecasts, so every page that shows an air-quality value names it.
enum AirQualityCredit {
    /// The credit in a page's footer, in `language`: "Air: Copernicus CAMS".
    static func credit(in language: Language) -> String {
        // TRANSLATORS: the air-quality data's credit in a page's footer, after the
        // forecast's ("Data from MET Norway · Air: Copernicus CAMS"): the Copernicus
        // Atmosphere Monitoring Service's licence asks for it. Keep the names "Copernicus"
        // and "CAMS" as they are.
        language.localized("Air: Copernicus CAMS")
    }

    /// The credit as a character display words it in `language`, longest first: "Air:
    /// Copernicus CAMS" (20 characters), "Copernicus CAMS" (15), "CAMS".
    static func characterCredits(in language: Language) -> [String] {
        [credit(in: language), "Copernicus CAMS", "CAMS"]
    }

    /// The credit where a line has room for a word only, as on an OLED.
    static let shortCredit = "CAMS"
}

extension PageContext {
    /// The credit owed for the forecasts of `places` shown on a page ("Data from MET
    /// Norway"): each provider's once, then the air-quality data's when the page shows
    /// air-quality values (`airQuality`); nil when none is owed.
    func credit(for places: [CityWeather], airQuality: Bool = false) -> String? {
        var credits: [String] = []
        for place in places {
            if let credit = place.creditedProvider?.credit(in: language),
                !credits.contains(credit)
            {
                credits.append(credit)
            }
        }
        if airQuality { credits.append(AirQualityCredit.credit(in: language)) }
        return credits.isEmpty ? nil : credits.joined(separator: Self.creditSeparator)
    }
}
