/// How a person names one of the favourites (a CITY argument of `show`, `forecast`,
/// `render`, `city remove` and `city move`): by its number in the list, counted from 1, or
/// by its name, compared ignoring case and accents.
public enum FavouriteReference {
    /// The 1-based number of the favourite `reference` names in `cities`.
    /// - Throws: `FavouriteReferenceError` when the number is not in the list, or when no
    ///   favourite or several have the name.
    public static func index(of reference: String, in cities: [City])
        throws(FavouriteReferenceError) -> Int
    {
        if let index = Int(reference.trimmingWhitespace) {
            guard !cities.isEmpty else { throw .noFavourites }
            guard (1...cities.count).contains(index) else {
                throw .noSuchNumber(index, count: cities.count)
            }
            return index
        }
        let matches = cities.indices.filter { cities[$0].matches(name: reference) }
        switch matches.count {
        case 1: return matches[0] + 1
        case 0: throw .noSuchName(reference)
        default: throw .ambiguous(reference, numbers: matches.map { $0 + 1 })
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
    /// No favourite has the name.
    case noSuchName(String)
    /// Several favourites have the name; their numbers.
    case ambiguous(String, numbers: [Int])

    /// The sentence.
    public var description: String {
        switch self {
        case .noFavourites:
            "There are no favourites yet; add one with `weather-kiosk city add NAME`."
        case .noSuchNumber(let index, let count):
            "There is no favourite \(index); `weather-kiosk city list` numbers them 1 to \(count)."
        case .noSuchName(let name):
            "No favourite is named \"\(name)\"; `weather-kiosk city list` shows them."
        case .ambiguous(let name, let numbers):
            "\(numbers.count) favourites are named \"\(name)\" (\(numbers.map(String.init).joined(separator: ", "))); give the number instead."
        }
    }
}
