import ArgumentParser
import KioskCommands
import KioskControl

// The verbs that talk to the running daemon over its control socket.

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "What the running kiosk shows, its data, sensor, display and config.",
        discussion: "Exit code 3 when the daemon is not running.")
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try ControlCommands(store: options.store, console: .standard).status(json: json)
    }
}

struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next", abstract: "Show the next favourite.")
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try ControlCommands(store: options.store, console: .standard).send(.next, json: json)
    }
}

struct PreviousCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "previous", abstract: "Show the previous favourite.")
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try ControlCommands(store: options.store, console: .standard).send(.previous, json: json)
    }
}

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a favourite, by number or name.")
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Print JSON.") var json = false
    @Argument(help: "The favourite's number, or its name or the start of it.") var city: String

    func run() throws {
        try ControlCommands(store: options.store, console: .standard)
            .send(.show(city: city), json: json)
    }
}

struct PageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page", abstract: "Show a page: city, hourly, indoor, map, sky or dashboard.")
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Print JSON.") var json = false
    @Argument(help: "city, hourly, indoor, map, sky or dashboard.") var page: String

    func run() throws {
        try ControlCommands(store: options.store, console: .standard)
            .send(.page(page), json: json)
    }
}

struct RefreshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh", abstract: "Fetch forecasts now (within Open-Meteo's rate limits).",
        discussion:
            "A refresh under way or one that ended less than 10 seconds ago answers the request.")
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Try once even while Open-Meteo's rate limit holds refreshes.") var force = false

    func run() throws {
        try ControlCommands(store: options.store, console: .standard).send(
            .refresh(force: force), json: json)
    }
}

struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract:
            "Make the kiosk read its config now (it also does on every change, and on SIGHUP).")
    @OptionGroup var options: ConfigOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try ControlCommands(store: options.store, console: .standard).reload(json: json)
    }
}

struct ScreenshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenshot", abstract: "Save the frame on screen as PNG.")
    @OptionGroup var options: ConfigOptions
    @Option(name: .shortAndLong, help: "The PNG file to write; - writes to stdout.") var output:
        String

    func run() throws {
        try ControlCommands(store: options.store, console: .standard).screenshot(to: output)
    }
}

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show the kiosk's screen live in this terminal (over SSH too); Ctrl-C stops.")
    @OptionGroup var options: ConfigOptions
    @Option(help: "Stop after this many frames.") var frames: Int?

    func run() throws {
        try ControlCommands(store: options.store, console: .standard).preview(frames: frames)
    }
}
