import ArgumentParser
import KioskCore

/// The `weather-kiosk` command: parses arguments and hands every verb to KioskApp.
@main
struct WeatherKiosk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather-kiosk",
        abstract: "A wall-mounted weather station for Raspberry-Pi-class boards.",
        version: KioskVersion.string)
}
