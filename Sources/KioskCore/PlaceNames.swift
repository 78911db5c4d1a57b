/// How the kiosk names a favourite wherever it shows one — pages, map labels, `status`, the
/// recent list, Home Assistant's options, `describeSlide` — so that two places with one name
/// (Rome in Italy and Rome in New York) never read the same. The one rule for all of them.
public enum PlaceNames {
    /// The names to show for `cities`, in their order. A name no other of `cities` shares
    /// (ignoring case and accents) stays as it is; a shared one gets what tells the places
    /// apart: the region ("Rome, Lazio" / "Rome, New York"), else the country, else both,
    /// else the coordinates.
    public static func displayNames(of cities: [City]) -> [String] {
        var names = cities.map(\.name)
        let groups = Dictionary(grouping: cities.indices) {
            Transliteration.searchKey(cities[$0].name)
        }
        for members in groups.values where members.count > 1 {
            let levels = Qualification.allCases
            let chosen =
                levels.first { level in
                    let labels = members.map { Transliteration.searchKey(label(cities[$0], level)) }
                    return Set(labels).count == labels.count
                } ?? .coordinatesPrecise
            for index in members { names[index] = label(cities[index], chosen) }
        }
        return names
    }

    /// The name to show for `city`, which may or may not be one of `favourites`: its
    /// favourite's name when it is the same place as one, else qualified against them
    /// (a place once viewed, since removed, in the recent list).
    public static func displayName(of city: City, among favourites: [City]) -> String {
        if let index = favourites.firstIndex(where: { $0.isSamePlace(as: city) }) {
            return displayNames(of: favourites)[index]
        }
        return displayNames(of: favourites + [city]).last ?? city.name
    }

    /// A stable id for a place, for topics and Home Assistant's unique ids: `g` and its
    /// GeoNames id when it has one (the same when the place is renamed), else its coordinates
    /// to 4 decimals ("41_8919n_12_5113e"), which no other favourite shares (the config
    /// refuses two favourites within 1 km).
    public static func stableID(of city: City) -> String {
        if let id = city.geonameID { return "g\(id)" }
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            let tenThousandths = Int((abs(value) * 10_000).rounded())
            let fraction = String(tenThousandths % 10_000)
            return "\(tenThousandths / 10_000)_"
                + String(repeating: "0", count: 4 - fraction.count) + fraction
                + (value < 0 ? negative : positive)
        }
        return part(city.coordinate.latitude, "n", "s") + "_"
            + part(city.coordinate.longitude, "e", "w")
    }

    /// How much is added to a shared name, least first.
    private enum Qualification: CaseIterable {
        /// The region, or the country where there is no region.
        case first
        /// Region and country.
        case both
        /// Region, country and the coordinates to 2 decimals.
        case coordinates
        /// Region, country and the coordinates to 4 decimals (~11 m).
        case coordinatesPrecise
    }

    private static func label(_ city: City, _ level: Qualification) -> String {
        let parts = qualifiers(city)
        switch level {
        case .first:
            return ([city.name] + parts.prefix(1)).joined(separator: ", ")
        case .both:
            return ([city.name] + parts).joined(separator: ", ")
        case .coordinates, .coordinatesPrecise:
            let digits = level == .coordinates ? 2 : 4
            let place =
                "\(WeatherFormat.decimal(city.coordinate.latitude, digits: digits)), "
                + WeatherFormat.decimal(city.coordinate.longitude, digits: digits)
            return ([city.name] + parts).joined(separator: ", ") + " (\(place))"
        }
    }

    /// The region and the country, where they are given and say more than the name.
    private static func qualifiers(_ city: City) -> [String] {
        var parts: [String] = []
        for part in [city.admin1, city.country].compactMap({ $0?.trimmingWhitespace })
        where !part.isEmpty
            && Transliteration.searchKey(part) != Transliteration.searchKey(city.name)
            && !parts.contains(part)
        {
            parts.append(part)
        }
        return parts
    }
}
