public import FoundationEssentials
public import KioskConfig
import KioskControl
public import KioskCore
import KioskDaemon
import KioskDisplays
import LinuxPlatform
import Pixels
import Rendering

/// The `render` verb: one page drawn without the daemon, to a PNG file, standard output, a
/// framebuffer or the terminal.
public struct RenderCommands: Sendable {
    /// What to draw and where.
    public struct Request: Sendable {
        /// The page; nil means the first configured page.
        public var page: PageKind?
        /// A favourite's name or number; nil means the first.
        public var city: String?
        /// The picture's size; nil means the framebuffer's size, else `display.size`, turned by
        /// `display.rotate` (a portrait page on a panel on its side).
        public var size: PixelSize?
        /// The theme; nil means the configured one.
        public var theme: Theme?
        /// Draw the bundled sample data instead of the cache.
        public var demo: Bool
        /// A PNG file to write, or "-" for standard output.
        public var output: String?
        /// A framebuffer device to put the frame on.
        public var framebuffer: String?
        /// Draw the frame in the terminal.
        public var terminal: Bool
        /// Draw the page as this kind of display shows it; nil means `display.kind`. The
        /// LCD and OLED kinds give a picture of the module (or terminal text of it).
        public var display: DisplayKind?
        /// An LCD's size in characters; nil means `display.columns` × `display.rows`.
        public var characterSize: CharacterGridSize?
        /// Which step of a page that an LCD or OLED shows in several, 1-based; nil means 1.
        public var step: Int?
        /// An LCD picture's dot pitch or an OLED picture's pixel size; nil means 4.
        public var scale: Int?

        /// Creates a request.
        public init(
            page: PageKind? = nil, city: String? = nil, size: PixelSize? = nil,
            theme: Theme? = nil, demo: Bool = false, output: String? = nil,
            framebuffer: String? = nil, terminal: Bool = false, display: DisplayKind? = nil,
            characterSize: CharacterGridSize? = nil, step: Int? = nil, scale: Int? = nil
        ) {
            self.page = page
            self.city = city
            self.size = size
            self.theme = theme
            self.demo = demo
            self.output = output
            self.framebuffer = framebuffer
            self.terminal = terminal
            self.display = display
            self.characterSize = characterSize
            self.step = step
            self.scale = scale
        }
    }

    /// The config file.
    public let store: ConfigStore
    /// Where messages go.
    public let console: Console
    let writeStandardOutput: @Sendable ([UInt8]) throws -> Void

    /// Creates the verb; `standardOutput` receives the PNG for `-o -` (the process's
    /// standard output by default).
    public init(
        store: ConfigStore, console: Console,
        standardOutput: (@Sendable ([UInt8]) throws -> Void)? = nil
    ) {
        self.store = store
        self.console = console
        self.writeStandardOutput =
            standardOutput ?? { bytes in try KioskCommands.writeStandardOutput(bytes) }
    }

    /// Draws the page and sends it where the request says.
    /// - Throws: `CommandFailure`: exit 2 for a bad request or config, exit 1 when the
    ///   cache has nothing for the page or a file or device cannot be written.
    public func render(_ request: Request, now: Date = Date()) throws {
        guard request.output != nil || request.framebuffer != nil || request.terminal else {
            throw CommandFailure.usage(
                "Say where the page goes: -o FILE.png, -o - (standard output), --framebuffer DEVICE or --terminal."
            )
        }
        let configuration = try ConfigCommands(store: store, console: console).load()
            .configuration
        let kind = request.display ?? configuration.display.kind
        if kind.isI2C {
            return try renderSmall(kind, request: request, configuration: configuration, now: now)
        }
        if request.size == nil, let characters = request.characterSize {
            throw CommandFailure.usage(
                "--size \(characters) is an LCD's size in characters; a \(kind.rawValue) page takes WIDTHxHEIGHT in pixels (16 to 8192), or add --display hd44780."
            )
        }
        let renderer: PageRenderer
        do {
            renderer = try PageRenderer()
        } catch {
            throw CommandFailure.runtime(error.message)
        }
        var framebuffer: FramebufferDisplay?
        if let device = request.framebuffer {
            do {
                framebuffer = try FramebufferDisplay.open(device: device, console: nil)
            } catch {
                throw CommandFailure.runtime(error.message)
            }
        }
        defer { framebuffer?.close() }
        // The page a viewer sees: on a panel turned by display.rotate, portrait.
        let rotation = configuration.display.rotate
        let size =
            request.size
            ?? rotation.pageSize(onPanel: framebuffer?.size ?? configuration.display.size)
        var models = RenderModels(
            configuration: configuration, theme: request.theme ?? configuration.display.theme,
            now: now, warn: { [console] in console.printError($0) })
        models.addCityCommand = CityAddHint.command(
            configPath: store.path, invokedAs: CommandLine.arguments.first ?? "weather-kiosk",
            workingDirectory: CurrentProcess.workingDirectory,
            environment: CurrentProcess.environment)
        let page = request.page ?? PageKind(configuration.display.pages.first ?? .city)
        let model =
            request.demo
            ? try models.demo(page: page, city: request.city)
            : try models.cached(page: page, city: request.city)
        let image: PixelImage
        do {
            image = try renderer.render(model, size: size).image
        } catch {
            throw CommandFailure.runtime(error.message)
        }
        try deliver(
            image, request: request, framebuffer: framebuffer, rotation: rotation, model: model)
    }

    private func deliver(
        _ image: PixelImage, request: Request, framebuffer: FramebufferDisplay?,
        rotation: DisplayRotation, model: PageModel
    ) throws {
        // The map and indoor pages are not per city: naming one would say what is not drawn.
        let what = Self.subject(of: model)
        let language = model.language
        do {
            if let output = request.output {
                if output == "-" {
                    try writeStandardOutput(PNGCodec.encode(image))
                } else {
                    try PNGDisplay(path: output, size: image.size).show(image)
                    // TRANSLATORS: after `render -o FILE`; {what} is "the city page of Rome",
                    // {size} "800x480", {theme} dark, light or paper as the config spells it.
                    console.printError(
                        language.localized(
                            "Wrote {what} ({size}, {theme}) to {output}.",
                            [
                                "what": what, "size": "\(image.size)",
                                "theme": model.theme.rawValue, "output": output,
                            ]))
                }
            }
            if let framebuffer {
                try framebuffer.show(image.rotated(rotation))
                console.printError(
                    language.localized(
                        "Put {what} on {device} ({geometry}).",
                        [
                            "what": what, "device": framebuffer.device,
                            "geometry": "\(framebuffer.geometry)",
                        ]))
            }
            if request.terminal {
                try TerminalDisplay(size: image.size).show(image)
            }
        } catch {
            // Every error of the displays is one sentence in its description.
            throw CommandFailure.runtime("\(error)")
        }
    }
}

extension RenderCommands {
    /// "the city page of Rome", "the indoor page", in the page's language, for the notes
    /// `render` writes on standard error.
    static func subject(of model: PageModel) -> String {
        let page = model.page.rawValue
        if model.page.isPerCity, let city = model.city {
            // TRANSLATORS: `render`'s note; {page} is a page's name as the config spells it.
            return model.language.localized(
                "the {page} page of {city}", ["page": page, "city": city.displayName])
        }
        return model.language.localized("the {page} page", ["page": page])
    }
}
