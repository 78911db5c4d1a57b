import ArgumentParser
import KioskApp
import KioskCore

/// `weather-kiosk render …`
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw one page without a display: to a PNG file, a framebuffer or the terminal.",
        discussion:
            "Without --demo the page shows the cached forecasts of the configured favourites (`weather-kiosk forecast` fills the cache). --demo draws bundled sample data and needs no network."
    )

    @OptionGroup var options: ConfigOptions
    @Option(
        help: "The page: city, hourly, indoor, map or empty (default: the first configured page).")
    var page: String?
    @Option(help: "A favourite's name or number (default: the first).") var city: String?
    @Option(
        help: ArgumentHelp(
            "Picture size (default: the framebuffer's, else display.size, 800x480).",
            valueName: "WxH"))
    var size: String?
    @Option(help: "dark or light (default: display.theme).") var theme: String?
    @Flag(help: "Draw the bundled sample data instead of the cache.") var demo = false
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("PNG file to write; - writes it to standard output.", valueName: "file"))
    var output: String?
    @Option(help: ArgumentHelp("Put the frame on this framebuffer device.", valueName: "device"))
    var framebuffer: String?
    @Flag(help: "Draw the frame in this terminal.") var terminal = false

    func validate() throws {
        if let page, PageKind(rawValue: page) == nil {
            throw ValidationError(
                "--page must be one of \(PageKind.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(page)\"."
            )
        }
        if let theme, Theme(rawValue: theme) == nil {
            throw ValidationError("--theme must be dark or light, not \"\(theme)\".")
        }
        if let size, PixelSize(parsing: size) == nil {
            throw ValidationError(
                "--size must be WIDTHxHEIGHT with each from 16 to 8192, such as 800x480, not \"\(size)\"."
            )
        }
        if output == nil && framebuffer == nil && !terminal {
            throw ValidationError(
                "Say where the page goes: -o FILE.png, -o - (standard output), --framebuffer DEVICE or --terminal."
            )
        }
    }

    func run() throws {
        let request = RenderCommands.Request(
            page: page.flatMap(PageKind.init(rawValue:)), city: city,
            size: size.flatMap { PixelSize(parsing: $0) },
            theme: theme.flatMap(Theme.init(rawValue:)),
            demo: demo, output: output, framebuffer: framebuffer, terminal: terminal)
        try RenderCommands(store: options.store, console: .standard).render(request)
    }
}
