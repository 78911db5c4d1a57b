import ArgumentParser
import KioskCommands

/// `weather-kiosk buttons`
struct ButtonsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buttons",
        abstract: "Print button gestures as they happen, to check the wiring.",
        discussion: """
            Each line shows the time, the button, the gesture (short, long, repeat), the action it \
            stands for, and the GPIO line or key code it came from. Runs until Ctrl-C.
            """)
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Also print each debounced press and release.") var edges = false

    func run() async throws {
        try await ButtonCommands(store: options.store, console: .standard).watch(edges: edges)
    }
}
