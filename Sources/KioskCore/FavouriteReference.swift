/// How a person names one of the favourites (a CITY argument of `show`, `forecast`,
/// `render`, `city remove` and `city move`, and Home Assistant's `city/set`): by its number
/// in the list, counted from 1, or by its name — compared ignoring case and accents, as
/// written in the config, as the kiosk shows it ("Rome, Lazio") or in full ("Rome, Lazio,
/// Italy"). A name that equals one favourite's picks it; otherwise the start of a name is
/// enough when it starts only one favourite's ("sao" for São Paulo).
public enum FavouriteReference {
    /// The 1-based number of the favourite `reference` names in `cities`.
    /// - Throws: `FavouriteReferenceError` when the number is not in the list, or when no
    ///   favourite or several have the name.
    public static func index(of reference: String, in cities: [City])
        throws(FavouriteReferenceError) -> Int
    {
        let trimmed = reference.trimmingWhitespace
        if let index = Int(trimmed) {
            guard !cities.isEmpty else { throw .noFavourites }
            guard (1...cities.count).contains(index) else {
                throw .noSuchNumber(index, count: cities.count)
            }
            return index
        }
        let shown = PlaceNames.displayNames(of: cities)
        let key = Transliteration.searchKey(trimmed)
        let names = cities.indices.map { index in
            Set(
                [cities[index].name, shown[index], cities[index].qualifiedName].map(
                    Transliteration.searchKey))
        }
        var matches = cities.indices.filter { names[$0].contains(key) }
        if matches.isEmpty, !key.isEmpty {
            matches = cities.indices.filter { index in
                names[index].contains { $0.hasPrefix(key) }
            }
        }
        switch matches.count {
        case 1: return matches[0] + 1
        case 0: throw .noSuchName(trimmed)
        default:
            throw .ambiguous(
                trimmed,
                candidates: matches.map {
                    FavouriteReferenceError.Candidate(number: $0 + 1, name: shown[$0])
                })
        }
    }
}

/// A CITY argument that names no favourite, or several: one sentence that says how to name
/// one instead.
public enum FavouriteReferenceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A number was given, and the list is empty.
    case noFavourites
    /// The number is outside 1…`count`.
    case noSuchNumber(Int, count: Int)
    /// No favourite has the name, nor a name that starts with it.
    case noSuchName(String)
    /// Several favourites have the name, or names that start with it.
    case ambiguous(String, candidates: [Candidate])

    /// A favourite an ambiguous name could mean.
    public struct Candidate: Sendable, Hashable {
        /// Its 1-based number.
        public var number: Int
        /// Its name as the kiosk shows it.
        public var name: String

        /// Creates a candidate.
        public init(number: Int, name: String) {
            self.number = number
            self.name = name
        }
    }

    /// The sentence.
    public var description: String {
        switch self {
        case .noFavourites:
            "There are no favourites yet; add one with `weather-kiosk city add NAME`."
        case .noSuchNumber(let index, let count):
            "There is no favourite \(index); `weather-kiosk city list` numbers them 1 to \(count)."
        case .noSuchName(let name):
            "No favourite is named \"\(name)\"; `weather-kiosk city list` shows them."
        case .ambiguous(let name, let candidates):
            "\"\(name)\" could be \(Self.alternatives(candidates)); give more of the name, or"
                + " the number."
        }
    }

    /// "Rome, Lazio (1) or Rome, New York (3)".
    private static func alternatives(_ candidates: [Candidate]) -> String {
        let items = candidates.map { "\($0.name) (\($0.number))" }
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: "; ") + " or " + last
    }
}
