import ArgumentParser
import KioskCommands
import KioskCore
import KioskDaemon

/// `weather-kiosk city …`
struct CityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "city",
        abstract: "Search for cities and manage the favourites.",
        discussion:
            "A CITY argument is a favourite's number, or its name or the start of it (case and accents ignored).",
        subcommands: [Search.self, List.self, Add.self, Remove.self, Move.self])
}

extension CityCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the favourites.")
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try CityCommands(store: options.store, console: .standard).list(json: json)
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search Open-Meteo's geocoding for places whose name starts with NAME.")
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false
        @Option(help: "Only places in this country (ISO 3166-1 alpha-2 code, e.g. IT).")
        var country: String?
        @Option(help: "How many matches to ask for (1-100).") var count = 10
        @Argument(help: "The place name, at least 2 characters.") var name: String

        func run() async throws {
            try await Adapters.withHTTPTransport { transport in
                try await CityCommands(store: options.store, console: .standard).search(
                    name, country: country, count: count, json: json, transport: transport)
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a favourite by name (geocoding) or by coordinates.",
            usage: """
                weather-kiosk city add <name> [--pick <n>] [--country <cc>]
                weather-kiosk city add --name <name> --lat <latitude> --lon <longitude>
                """,
            discussion: """
                By name, the best-ranked match of `city search` is added, or match N with --pick N.
                Adding a place already in the list (same GeoNames id, or within 1 km) changes nothing.
                """)
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false
        @Argument(help: "The place to look up.") var place: String?
        @Option(help: "Add match N of the search instead of the first.") var pick: Int?
        @Option(help: "Only places in this country (ISO 3166-1 alpha-2 code, e.g. IT).")
        var country: String?
        @Option(help: "Name of a place given by coordinates.") var name: String?
        @Option(parsing: .unconditional, help: "Latitude, decimal degrees, north positive.")
        var lat: DecimalArgument?
        @Option(parsing: .unconditional, help: "Longitude, decimal degrees, east positive.")
        var lon: DecimalArgument?

        func validate() throws {
            if place != nil {
                guard name == nil, lat == nil, lon == nil else {
                    throw ValidationError(
                        "Give either a place to look up or --name, --lat and --lon.")
                }
            } else {
                guard name != nil, lat != nil, lon != nil else {
                    throw ValidationError(
                        "Give a place to look up, or --name, --lat and --lon together.")
                }
                guard pick == nil, country == nil else {
                    throw ValidationError("--pick and --country go with a place to look up.")
                }
            }
        }

        func run() async throws {
            let commands = CityCommands(store: options.store, console: .standard)
            if let place {
                try await Adapters.withHTTPTransport { transport in
                    try await commands.add(
                        named: place, pick: pick, country: country, json: json,
                        transport: transport)
                }
            } else if let name, let lat, let lon {
                try commands.add(
                    City(
                        name: name,
                        coordinate: Coordinate(latitude: lat.value, longitude: lon.value)),
                    json: json)
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a favourite.")
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false
        @Argument(help: "The favourite's number, or its name or the start of it.") var city: String

        func run() throws {
            try CityCommands(store: options.store, console: .standard).remove(city, json: json)
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move",
            abstract: "Move a favourite to another position (1 = first).")
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false
        @Argument(help: "The favourite's number, or its name or the start of it.") var city: String
        @Argument(help: "Its new position, 1-based.") var position: Int

        func run() throws {
            try CityCommands(store: options.store, console: .standard).move(
                city, to: position, json: json)
        }
    }
}
