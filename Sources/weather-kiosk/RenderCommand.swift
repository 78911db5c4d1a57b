import ArgumentParser
import KioskCommands
import KioskCore

/// `weather-kiosk render …`
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw one page without a display: to a PNG file, a framebuffer or the terminal.",
        discussion:
            "Without --demo the page shows the cached forecasts of the configured favourites (`weather-kiosk forecast` fills the cache). --demo draws bundled sample data and needs no network. With --display hd44780, ssd1306 or sh1106 (the default when display.kind is one of them) the page is laid out as that LCD or OLED shows it: -o writes a picture of the module, --terminal prints its characters (LCD) or pixels (OLED, in braille); pages that take several steps on a small display show one step at a time (--step)."
    )

    @OptionGroup var options: ConfigOptions
    @Option(
        help:
            "The page: city, hourly, indoor, map, sky, air, dashboard, empty, or warning with --demo (default: the first configured page)."
    )
    var page: String?
    @Option(help: "A favourite's name or number (default: the first).") var city: String?
    @Option(
        help: ArgumentHelp(
            "Picture size (default: the framebuffer's, else display.size, 800x480); for an LCD, COLUMNSxROWS such as 20x4; for an OLED, 128x64 or 128x32.",
            valueName: "WxH"))
    var size: String?
    @Option(
        help: ArgumentHelp(
            "Lay the page out for this display kind: hd44780, ssd1306, sh1106, or framebuffer, png, terminal for the full-size pages, or an e-paper panel (inky-impression-5.7, inky-impression-4, inky-impression-7.3, inky-what-red, inky-what-yellow, inky-what-black, waveshare-7in5-v2) (default: display.kind).",
            valueName: "kind"))
    var display: String?
    @Option(help: "Which step of a page that an LCD or OLED shows in several (default: 1).")
    var step: Int?
    @Option(help: "LCD dot pitch or OLED pixel size in the picture, 1 to 16 (default: 4).")
    var scale: Int?
    @Option(help: "dark, light or paper (default: display.theme).") var theme: String?
    @Flag(help: "Draw the bundled sample data instead of the cache.") var demo = false
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("PNG file to write; - writes it to standard output.", valueName: "file"))
    var output: String?
    @Option(help: ArgumentHelp("Put the frame on this framebuffer device.", valueName: "device"))
    var framebuffer: String?
    @Flag(help: "Draw the frame in this terminal.") var terminal = false

    /// An LCD size: up to 40 columns and 4 rows (which of them are supported, the verb says).
    static func lcdSize(_ text: String) -> CharacterGridSize? {
        guard let size = CharacterGridSize(parsing: text), size.columns <= 40, size.rows <= 4
        else { return nil }
        return size
    }

    func validate() throws {
        if let page, PageKind(rawValue: page) == nil {
            throw ValidationError(
                "--page must be one of \(PageKind.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(page)\"."
            )
        }
        if let theme, Theme(rawValue: theme) == nil {
            throw ValidationError("--theme must be dark, light or paper, not \"\(theme)\".")
        }
        if let size, PixelSize(parsing: size) == nil, Self.lcdSize(size) == nil {
            throw ValidationError(
                "--size must be WIDTHxHEIGHT in pixels (each from 16 to 8192) or COLUMNSxROWS for an LCD, such as 800x480 or 20x4, not \"\(size)\"."
            )
        }
        if let display, DisplayKind(rawValue: display) == nil {
            let kinds = DisplayKind.allCases.map(\.rawValue)
            throw ValidationError(
                "--display must be one of \(kinds.joined(separator: ", ")), not \"\(display)\"."
            )
        }
        if let step, step < 1 {
            throw ValidationError("--step counts from 1, not \(step).")
        }
        if let scale, !(1...16).contains(scale) {
            throw ValidationError("--scale must be from 1 to 16, not \(scale).")
        }
        if output == nil && framebuffer == nil && !terminal {
            throw ValidationError(
                "Say where the page goes: -o FILE.png, -o - (standard output), --framebuffer DEVICE or --terminal."
            )
        }
    }

    func run() async throws {
        let request = RenderCommands.Request(
            page: page.flatMap(PageKind.init(rawValue:)), city: city,
            size: size.flatMap { PixelSize(parsing: $0) },
            theme: theme.flatMap(Theme.init(rawValue:)),
            demo: demo, output: output, framebuffer: framebuffer, terminal: terminal,
            display: display.flatMap(DisplayKind.init(rawValue:)),
            characterSize: size.flatMap(Self.lcdSize), step: step,
            scale: scale)
        let verb = RenderCommands(store: options.store, console: .standard)
        if case .ePaper(let panel)? = display.flatMap(DisplayKind.init(rawValue:)) {
            try await verb.renderPanel(panel, request: request)
        } else {
            try verb.render(request)
        }
    }
}
