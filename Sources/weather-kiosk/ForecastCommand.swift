import ArgumentParser
import KioskCommands
import KioskDaemon

/// `weather-kiosk forecast [CITY]`
struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract:
            "Current weather, the next days, the sun and the moon, from the cache when it is fresh.",
        discussion: """
            Without CITY: every favourite (the station when there are none). The cache in
            state_dir is fresh for 20 minutes. If Open-Meteo cannot be reached, the cached
            forecast is shown with its age, the error goes to stderr, and the exit code is 1.

            Sunrise, sunset and the moon are computed for the place, not fetched.
            """)
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Print JSON (every day fetched, whatever --days says).") var json = false
    @Option(
        help: ArgumentHelp(
            "How many days the table shows, today first: 1 to \(ForecastCommands.maximumDays).",
            valueName: "N"))
    var days = ForecastCommands.defaultDays
    @Argument(help: "A favourite's number, or its name or the start of it.") var city: String?

    func validate() throws {
        guard (1...ForecastCommands.maximumDays).contains(days) else {
            throw ValidationError(
                "--days takes 1 to \(ForecastCommands.maximumDays) (the days the kiosk fetches), not \(days)."
            )
        }
    }

    func run() async throws {
        try await Adapters.withHTTPTransport { transport in
            try await ForecastCommands(
                store: options.store, console: .standard, transport: transport
            )
            .show(city: city, json: json, days: days)
        }
    }
}
