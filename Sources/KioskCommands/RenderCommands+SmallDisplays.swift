import FoundationEssentials
import KioskControl
import KioskCore
import KioskDisplays
import Rendering

/// The `render` verb for LCDs and OLEDs: the page laid out as the module shows it, as a
/// picture of the module (PNG) or as terminal text.
extension RenderCommands {
    /// What one step of a page looks like on a small display.
    private struct SmallPicture {
        var picture: PixelImage
        var text: String
        var what: String
        var steps: Int
    }

    /// Draws the page for an LCD or OLED of `kind` and sends it where the request says.
    /// - Throws: `CommandFailure`: exit 2 for a size, step or output the display does not
    ///   have, exit 1 when the cache has nothing or a file cannot be written.
    func renderSmall(
        _ kind: DisplayKind, request: Request, configuration: KioskConfiguration, now: Date
    ) throws {
        if request.framebuffer != nil {
            throw CommandFailure.usage(
                "An \(kind.rawValue) display is not a framebuffer: draw it with -o FILE.png or --terminal."
            )
        }
        let models = RenderModels(
            configuration: configuration, theme: .dark, now: now,
            warn: { [console] in console.printError($0) })
        let page = request.page ?? PageKind(configuration.display.pages.first ?? .city)
        let model =
            request.demo
            ? try models.demo(page: page, city: request.city)
            : try models.cached(page: page, city: request.city)
        let step = (request.step ?? 1) - 1
        let scale = request.scale ?? 4
        let small =
            kind == .hd44780
            ? try characterPicture(
                model, request: request, configuration: configuration, step: step, scale: scale)
            : try bitmapPicture(
                model, kind: kind, request: request, configuration: configuration, step: step,
                scale: scale)
        let subject = Self.subject(of: model)
        let language = model.language
        do {
            if let output = request.output {
                if output == "-" {
                    try writeStandardOutput(PNGCodec.encode(small.picture))
                } else {
                    try PNGDisplay(path: output, size: small.picture.size).show(small.picture)
                    // TRANSLATORS: `render` for a small display; {display} names it ("a 20x4
                    // HD44780 LCD").
                    console.printError(
                        small.steps > 1
                            ? language.localized(
                                "Wrote {what} as {display} shows it (step {step} of {steps}) to {output}.",
                                [
                                    "what": subject, "display": small.what, "output": output,
                                    "step": String(step + 1), "steps": String(small.steps),
                                ])
                            : language.localized(
                                "Wrote {what} as {display} shows it to {output}.",
                                ["what": subject, "display": small.what, "output": output]))
                }
            }
        } catch {
            throw CommandFailure.runtime("\(error)")
        }
        if request.terminal {
            console.print(small.text, terminator: false)
            if small.steps > 1 {
                console.print(
                    language.localized(
                        "step {step} of {steps}; --step N shows another",
                        ["step": String(step + 1), "steps": String(small.steps)]))
            }
        }
    }

    private func checkStep(_ step: Int, steps: Int, page: PageKind, on what: String) throws {
        guard (0..<steps).contains(step) else {
            throw CommandFailure.usage(
                "The \(page.rawValue) page takes \(steps) step\(steps == 1 ? "" : "s") on \(what): --step takes 1\(steps > 1 ? " to \(steps)" : ""), not \(step + 1)."
            )
        }
    }

    private func characterPicture(
        _ model: PageModel, request: Request, configuration: KioskConfiguration, step: Int,
        scale: Int
    ) throws -> SmallPicture {
        let size = request.characterSize ?? configuration.display.characterGrid
        guard size.isSupported else {
            let sizes = CharacterGridSize.supported.map(\.description).joined(separator: ", ")
            throw CommandFailure.usage(
                "An hd44780 display is \(sizes) characters, not \(size); say which with --size, such as --size 20x4."
            )
        }
        let layout = CharacterPageLayout(size: size)
        // TRANSLATORS: `render`: what shows the page, as in "as a 20x4 HD44780 LCD shows it".
        let what = model.language.localized("a {size} HD44780 LCD", ["size": "\(size)"])
        let steps = layout.steps(for: model)
        try checkStep(step, steps: steps, page: model.page, on: "a \(size) HD44780 LCD")
        let frame = layout.frame(for: model, step: step)
        return SmallPicture(
            picture: SmallDisplayImage.characterLCD(frame, dotPitch: scale),
            text: SmallDisplayText.characterLCD(frame), what: what, steps: steps)
    }

    private func bitmapPicture(
        _ model: PageModel, kind: DisplayKind, request: Request,
        configuration: KioskConfiguration, step: Int, scale: Int
    ) throws -> SmallPicture {
        if request.size == nil, let characters = request.characterSize {
            throw CommandFailure.usage(
                "--size \(characters) is not an OLED's size: an \(kind.rawValue) display is \(DisplaySettings.panelSizes(for: kind).map(\.description).joined(separator: " or ")) pixels."
            )
        }
        let size =
            request.size
            ?? (configuration.display.kind == kind
                ? configuration.display.panelSize : DisplaySettings.panelSizes(for: kind)[0])
        let supported = DisplaySettings.panelSizes(for: kind)
        guard supported.contains(size) else {
            throw CommandFailure.usage(
                "An \(kind.rawValue) display is \(supported.map(\.description).joined(separator: " or ")) pixels, not \(size); say which with --size."
            )
        }
        let what = model.language.localized(
            "a {size} {controller} OLED",
            ["size": "\(size)", "controller": kind.rawValue.uppercased()])
        do {
            let renderer = try PageRenderer()
            let steps = renderer.steps(for: model, size: size)
            try checkStep(
                step, steps: steps, page: model.page,
                on: "a \(size) \(kind.rawValue.uppercased()) OLED")
            let bitmap = try renderer.renderBitmap(model, size: size, step: step)
            return SmallPicture(
                picture: SmallDisplayImage.oled(bitmap, scale: scale),
                text: SmallDisplayText.braille(bitmap), what: what, steps: steps)
        } catch let error as RenderingError {
            throw CommandFailure.runtime(error.message)
        }
    }
}
