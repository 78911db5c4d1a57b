import ArgumentParser
import KioskCommands
import KioskDaemon

/// `weather-kiosk doctor`
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check config, board, devices, MQTT, clock, network and API budget.",
        discussion:
            "One line per check: OK, WARN or FAIL with what to do. Exit code 1 when anything failed."
    )
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        try await Adapters.withHTTPTransport { transport in
            try await DoctorCommands(
                store: options.store, console: .standard, transport: transport,
                deviceChecks: DoctorCommands.standardDeviceChecks + [MQTTCommands.doctorFindings]
            ).run(json: json)
        }
    }
}
