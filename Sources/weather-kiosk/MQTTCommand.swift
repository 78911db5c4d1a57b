import ArgumentParser
import KioskCommands

/// `weather-kiosk mqtt …`
struct MQTTCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mqtt",
        abstract: "Home Assistant over MQTT: announce the kiosk again, or remove it.",
        subcommands: [PublishDiscovery.self, Forget.self])

    /// `mqtt publish-discovery`
    struct PublishDiscovery: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "publish-discovery",
            abstract: "Announce the kiosk's entities to Home Assistant now (retained).",
            discussion:
                "For when Home Assistant was rebuilt or the broker lost its retained messages. The running kiosk also announces itself whenever Home Assistant says it is online (homeassistant/status)."
        )
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            try await MQTTCommands(store: options.store, console: .standard).publishDiscovery()
        }
    }

    /// `mqtt forget`
    struct Forget: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Remove the kiosk's retained announcements and values from the broker.",
            discussion:
                "Home Assistant then drops the device and its entities. Stop the kiosk first (systemctl stop weather-kiosk) or remove [mqtt] from the config, or it announces itself again when it reconnects."
        )
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            try await MQTTCommands(store: options.store, console: .standard).forget()
        }
    }
}
