import KioskConfig
import KioskControl
public import KioskCore
import KioskDaemon
import OpenMeteo

extension CityCommands {
    /// `city search NAME`: ranked matches from Open-Meteo's geocoding.
    /// - Throws: `CommandFailure` (exit 2 for a name under 2 characters, 1 for the network
    ///   or when nothing matches).
    public func search(
        _ name: String, country: String?, count: Int, json: Bool, transport: any HTTPTransport
    ) async throws {
        let results = try await geocode(name, country: country, count: count, transport: transport)
        if json {
            console.print(try JSONText.encode(results.map(SearchResultJSON.init)))
        }
        // No match is exit 1, as grep's: a script can tell it from a list.
        guard !results.isEmpty else {
            throw CommandFailure.runtime(noMatch(name, country: country))
        }
        if json { return }
        let language = try ConfigCommands(store: store, console: console).load().configuration
            .languageChoice.language
        // TRANSLATORS: the headings of `city search`'s table.
        var rows = [
            [
                "#", language.localized("Name", context: "city search heading"),
                language.localized("Region", context: "city search heading"),
                language.localized("Country", context: "city search heading"),
                language.localized("Coordinates", context: "city search heading"),
                language.localized("Population", context: "city search heading"),
            ]
        ]
        for (index, result) in results.enumerated() {
            rows.append([
                String(index + 1), result.name, result.admin1 ?? "",
                result.country ?? result.countryCode ?? "",
                Self.coordinateText(result.coordinate),
                result.population.map {
                    WeatherFormat.decimal(Double($0), digits: 0, grouped: true, language: language)
                } ?? "",
            ])
        }
        console.print(TextTable.render(rows, rightAligned: [0, 5]))
    }

    /// `city add NAME [--pick N] [--country CC]`: adds the best-ranked match, or match N.
    /// - Throws: `CommandFailure`: exit 1 when nothing matches (as `city search`, and grep),
    ///   exit 2 when N is out of range.
    public func add(
        named name: String, pick: Int?, country: String?, json: Bool = false,
        transport: any HTTPTransport
    ) async throws {
        // Validate the config before going to the network, so a broken file is named first.
        _ = try ConfigCommands(store: store, console: console).load()
        let results = try await geocode(name, country: country, count: 10, transport: transport)
        guard !results.isEmpty else {
            throw CommandFailure.runtime(noMatch(name, country: country))
        }
        let index = pick ?? 1
        guard (1...results.count).contains(index) else {
            throw CommandFailure.usage(
                "There are \(results.count) matches for \"\(name)\"; --pick takes 1 to \(results.count)"
                    + " (`weather-kiosk city search \(name)` lists them).")
        }
        try add(results[index - 1].city, json: json)
    }

    private func geocode(
        _ name: String, country: String?, count: Int, transport: any HTTPTransport
    ) async throws -> [GeocodingResult] {
        let configuration = try ConfigCommands(store: store, console: console).load().configuration
        let client = ForecastFetcher(configuration: configuration, transport: transport).client
        do {
            return try await client.search(
                name: name, count: count, countryCode: country?.uppercased())
        } catch {
            if case .invalidQuery = error.kind { throw CommandFailure.usage(error.message) }
            throw CommandFailure.runtime(error.oneShotMessage)
        }
    }

    private func noMatch(_ name: String, country: String?) -> String {
        let place = country.map { " in \($0.uppercased())" } ?? ""
        return "No place named \"\(name)\"\(place) was found; check the spelling, or add it by"
            + " coordinates: weather-kiosk city add --name NAME --lat X --lon Y"
    }

    /// 2138551 → "2,138,551".
    static func thousands(_ value: Int) -> String {
        var digits = Array(String(abs(value)))
        var result = ""
        while digits.count > 3 {
            result = "," + String(digits.suffix(3)) + result
            digits.removeLast(3)
        }
        return (value < 0 ? "-" : "") + String(digits) + result
    }
}

/// A search result as `--json` prints it.
struct SearchResultJSON: Encodable {
    var geonameID: Int
    var name: String
    var admin1: String?
    var country: String?
    var countryCode: String?
    var latitude: Double
    var longitude: Double
    var elevation: Double?
    var timezone: String?
    var population: Int?

    init(_ result: GeocodingResult) {
        geonameID = result.id
        name = result.name
        admin1 = result.admin1
        country = result.country
        countryCode = result.countryCode
        latitude = result.coordinate.latitude
        longitude = result.coordinate.longitude
        elevation = result.elevation
        timezone = result.timezone
        population = result.population
    }

    enum CodingKeys: String, CodingKey {
        case name, admin1, country, latitude, longitude, elevation, timezone, population
        case geonameID = "geoname_id"
        case countryCode = "country_code"
    }
}
