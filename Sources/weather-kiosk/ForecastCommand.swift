import ArgumentParser
import KioskCommands
import KioskDaemon

/// `weather-kiosk forecast [CITY]`
struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Current weather and the next 3 days, from the cache when it is fresh.",
        discussion: """
            Without CITY: every favourite (the station when there are none). The cache in
            state_dir is fresh for 20 minutes. If Open-Meteo cannot be reached, the cached
            forecast is shown with its age, the error goes to stderr, and the exit code is 1.
            """)
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Print JSON.") var json = false
    @Argument(help: "A favourite's number, or its name or the start of it.") var city: String?

    func run() async throws {
        try await Adapters.withHTTPTransport { transport in
            try await ForecastCommands(
                store: options.store, console: .standard, transport: transport
            )
            .show(city: city, json: json)
        }
    }
}
