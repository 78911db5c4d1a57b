import ArgumentParser
import KioskCommands
import KioskDaemon

/// `weather-kiosk warnings [CITY]`
struct WarningsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "warnings",
        abstract: "Official weather warnings for the favourites, worst first.",
        discussion: """
            What the running kiosk shows; when no kiosk runs, the services (NWS, MET Norway,
            the DWD) are asked now. A service that fails is named and the exit code is 1.
            """)
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Print JSON.") var json = false
    @Argument(help: "A favourite's number, or its name or the start of it.") var city: String?

    func run() async throws {
        try await Adapters.withHTTPTransport { transport in
            try await WarningCommands(
                store: options.store, console: .standard, transport: transport
            )
            .show(city: city, json: json)
        }
    }
}
