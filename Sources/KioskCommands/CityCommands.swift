public import KioskConfig
import KioskControl
public import KioskCore

/// The `city` verbs: the favourites list in the config file.
public struct CityCommands: Sendable {
    /// The config file.
    public let store: ConfigStore
    /// Where output goes.
    public let console: Console

    /// Creates the verbs for a config file.
    public init(store: ConfigStore, console: Console) {
        self.store = store
        self.console = console
    }

    private var config: ConfigCommands { ConfigCommands(store: store, console: console) }

    /// `city list`: the favourites in display order.
    /// - Throws: `CommandFailure` when the config is unreadable or invalid.
    public func list(json: Bool) throws {
        let configuration = try config.load().configuration
        let cities = configuration.cities
        if json {
            console.print(try JSONText.encode(cities.map(CityJSON.init)))
            return
        }
        guard !cities.isEmpty else {
            console.print(
                configuration.languageChoice.language.localized(
                    "No favourites yet. Add one with: weather-kiosk city add NAME",
                    context: "city list"))
            return
        }
        let rows = cities.enumerated().map { index, city in
            [
                String(index + 1), city.qualifiedName, Self.coordinateText(city.coordinate),
                city.timezone ?? "",
            ]
        }
        console.print(TextTable.render(rows, rightAligned: [0]))
    }

    /// `city add --name N --lat X --lon Y`: a favourite from coordinates, without network;
    /// with `json`, the `CityChangeJSON` of what became of it.
    /// - Throws: `CommandFailure` when the config cannot be changed.
    public func add(_ city: City, json: Bool = false) throws {
        guard (-90...90).contains(city.coordinate.latitude),
            (-180...180).contains(city.coordinate.longitude)
        else {
            throw CommandFailure.usage(
                "Latitude must be from -90 to 90 and longitude from -180 to 180; got \(city.coordinate.latitude), \(city.coordinate.longitude)."
            )
        }
        guard !city.name.trimmingWhitespace.isEmpty else {
            throw CommandFailure.usage("The city needs a name (--name).")
        }
        if let problem = City.nameLengthProblem(city.name) {
            throw CommandFailure.usage("The name (--name) \(problem); give a shorter one.")
        }
        var outcome: CityChangeJSON?
        try config.update { document in
            let cities = try Self.currentCities(document)
            if let index = cities.firstIndex(where: { $0.isSamePlace(as: city) }) {
                outcome = CityChangeJSON(
                    result: "unchanged",
                    message: LocalizedMessage(
                        "{city} is already favourite {position}; nothing changed.",
                        context: "city",
                        ["city": cities[index].qualifiedName, "position": String(index + 1)]),
                    city: cities[index], position: index + 1)
                return document
            }
            outcome = CityChangeJSON(
                result: "added",
                message: LocalizedMessage(
                    "Added {city} ({coordinates}) as favourite {position}.", context: "city",
                    [
                        "city": city.qualifiedName,
                        "coordinates": Self.coordinateText(city.coordinate),
                        "position": String(cities.count + 1),
                    ]),
                city: city, position: cities.count + 1)
            return try document.appendingCity(city)
        }
        if let outcome { try report(outcome, json: json) }
    }

    /// `city remove NAME|INDEX`.
    /// - Throws: `CommandFailure` when no single favourite matches, or on a config problem.
    public func remove(_ reference: String, json: Bool = false) throws {
        var removed: CityChangeJSON?
        try config.update { document in
            let cities = try Self.currentCities(document)
            let index = try Self.resolve(reference, in: cities)
            let city = cities[index - 1]
            removed = CityChangeJSON(
                result: "removed",
                message: LocalizedMessage(
                    "Removed {city}.", context: "city", ["city": city.qualifiedName]),
                city: city, position: index)
            return try document.removingCity(at: index)
        }
        if let removed { try report(removed, json: json) }
    }

    /// `city move NAME|INDEX POSITION`: moves a favourite to a 1-based position.
    /// - Throws: `CommandFailure` for an unknown favourite or a position out of range.
    public func move(_ reference: String, to position: Int, json: Bool = false) throws {
        var moved: CityChangeJSON?
        try config.update { document in
            let cities = try Self.currentCities(document)
            let index = try Self.resolve(reference, in: cities)
            guard (1...cities.count).contains(position) else {
                throw CommandFailure.usage(
                    "Position must be from 1 to \(cities.count), not \(position).")
            }
            let city = cities[index - 1]
            moved = CityChangeJSON(
                result: index == position ? "unchanged" : "moved",
                message: index == position
                    ? LocalizedMessage(
                        "{city} is already favourite {position}; nothing changed.",
                        context: "city",
                        ["city": city.qualifiedName, "position": String(position)])
                    : LocalizedMessage(
                        "Moved {city} from {from} to {position}.", context: "city",
                        [
                            "city": city.qualifiedName, "from": String(index),
                            "position": String(position),
                        ]),
                city: city, position: position, from: index)
            return try document.movingCity(from: index, to: position)
        }
        if let moved { try report(moved, json: json) }
    }

    /// The sentence in the config's language, or with `json` the whole change (English).
    private func report(_ change: CityChangeJSON, json: Bool) throws {
        if json {
            console.print(try JSONText.encode(change))
            return
        }
        let language = try config.load().configuration.languageChoice.language
        console.print(change.localizedMessage.text(in: language))
    }

    // MARK: Shared

    /// The favourite a CITY argument names: a 1-based index, or a name compared ignoring
    /// case and accents (`FavouriteReference`). Returns the 1-based index.
    /// - Throws: `CommandFailure` (exit 2) when none or several match.
    public static func resolve(_ reference: String, in cities: [City]) throws -> Int {
        do {
            return try FavouriteReference.index(of: reference, in: cities)
        } catch {
            throw CommandFailure.usage(error.description)
        }
    }

    /// The favourites of `document`, which must be valid.
    static func currentCities(_ document: ConfigDocument) throws -> [City] {
        try ConfigStore.resolve(document).cities
    }

    /// "41.8919, 12.5113".
    static func coordinateText(_ coordinate: Coordinate) -> String {
        "\(fixed(coordinate.latitude, 4)), \(fixed(coordinate.longitude, 4))"
    }
}

/// What `city add`, `city remove` and `city move` did, as `--json` prints it.
struct CityChangeJSON: Encodable {
    /// added, unchanged, removed or moved.
    var result: String
    /// The sentence the command prints without `--json`, in English.
    var message: String { localizedMessage.text(in: .en) }
    /// The sentence, to print in the reader's language.
    var localizedMessage: LocalizedMessage
    /// The favourite.
    var city: CityJSON
    /// Its 1-based number now (for `city remove`: the one it had).
    var position: Int
    /// For `city move`: the number it had.
    var from: Int?

    init(
        result: String, message: LocalizedMessage, city: City, position: Int, from: Int? = nil
    ) {
        self.result = result
        self.localizedMessage = message
        self.city = CityJSON(city)
        self.position = position
        self.from = from
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(result, forKey: .result)
        try container.encode(message, forKey: .message)
        try container.encode(city, forKey: .city)
        try container.encode(position, forKey: .position)
        try container.encodeIfPresent(from, forKey: .from)
    }

    private enum CodingKeys: String, CodingKey {
        case result, message, city, position, from
    }
}

/// A city as `--json` prints it: the config's key names.
struct CityJSON: Encodable {
    var name: String
    var country: String?
    var admin1: String?
    var latitude: Double
    var longitude: Double
    var timezone: String?
    var geonameID: Int?

    init(_ city: City) {
        name = city.name
        country = city.country
        admin1 = city.admin1
        latitude = city.coordinate.latitude
        longitude = city.coordinate.longitude
        timezone = city.timezone
        geonameID = city.geonameID
    }

    enum CodingKeys: String, CodingKey {
        case name, country, admin1, latitude, longitude, timezone
        case geonameID = "geoname_id"
    }
}

/// `value` rounded to `digits` decimals, always showing them: fixed(3.14159, 2) = "3.14".
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
    if digits > 0 {
        let fraction = String(Int(scaled) - whole * Int(scale))
        text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
    return text
}

/// Plain-text tables with aligned columns.
enum TextTable {
    /// Rows joined with two spaces between columns; columns in `rightAligned` are padded
    /// on the left. Trailing spaces are trimmed.
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                line +=
                    (column == 0 ? "" : "  ")
                    + (rightAligned.contains(column) ? padding + cell : cell + padding)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
