import ArgumentParser
import KioskApp
import KioskCore

/// `weather-kiosk city …`
struct CityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "city",
        abstract: "Search for cities and manage the favourites.",
        discussion:
            "A CITY argument is a favourite's number or its name (case and accents ignored).",
        subcommands: [List.self, Add.self, Remove.self, Move.self])
}

extension CityCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the favourites.")
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try CityCommands(store: options.store, console: .standard).list(json: json)
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a favourite by name (geocoding) or by coordinates.",
            usage: """
                weather-kiosk city add --name <name> --lat <latitude> --lon <longitude>
                """)
        @OptionGroup var options: ConfigOptions
        @Option(help: "Name of a place given by coordinates.") var name: String?
        @Option(parsing: .unconditional, help: "Latitude, decimal degrees, north positive.")
        var lat: Double?
        @Option(parsing: .unconditional, help: "Longitude, decimal degrees, east positive.")
        var lon: Double?

        func validate() throws {
            guard name != nil, lat != nil, lon != nil else {
                throw ValidationError("Give --name, --lat and --lon together.")
            }
        }

        func run() async throws {
            guard let name, let lat, let lon else { return }
            let city = City(name: name, coordinate: Coordinate(latitude: lat, longitude: lon))
            try CityCommands(store: options.store, console: .standard).add(city)
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a favourite.")
        @OptionGroup var options: ConfigOptions
        @Argument(help: "The favourite's number or name.") var city: String

        func run() throws {
            try CityCommands(store: options.store, console: .standard).remove(city)
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move a favourite to another position (1 = first).")
        @OptionGroup var options: ConfigOptions
        @Argument(help: "The favourite's number or name.") var city: String
        @Argument(help: "Its new position, 1-based.") var position: Int

        func run() throws {
            try CityCommands(store: options.store, console: .standard).move(city, to: position)
        }
    }
}
