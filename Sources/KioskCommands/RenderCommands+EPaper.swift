import Devices
public import FoundationEssentials
import KioskConfig
import KioskControl
public import KioskCore
import KioskDisplays
import LinuxPlatform
import Rendering
import Simulator

extension RenderCommands {
    /// Draws the page as the e-paper `panel` shows it: the paper theme in the panel's inks,
    /// sent by the panel's driver, command by command, to a simulated controller, whose
    /// glass is what is written (so the picture is what the driver's bytes put there).
    /// - Throws: `CommandFailure`: exit 2 for an output the panel does not have, exit 1 when
    ///   the cache has nothing, the driver fails, or the file cannot be written.
    public func renderPanel(_ panel: EPaperPanel, request: Request, now: Date = Date())
        async throws
    {
        if request.framebuffer != nil || request.output == nil {
            throw CommandFailure.usage(
                "An e-paper panel is not a framebuffer: draw \(panel.kind) with -o FILE.png.")
        }
        let configuration = try ConfigCommands(store: store, console: console).load()
            .configuration
        let models = RenderModels(
            configuration: configuration, theme: .paper, now: now,
            warn: { [console] in console.printError($0) })
        // The panel's first page: the dashboard unless `display.pages` says otherwise (when
        // `display.kind` is another display, the panel's own default all the same).
        let pages =
            configuration.display.configuredPages
            ?? DisplaySettings.defaultPages(for: .ePaper(panel))
        let page = request.page ?? PageKind(pages.first ?? .dashboard)
        let model =
            request.demo
            ? try models.demo(page: page, city: request.city)
            : try models.cached(page: page, city: request.city)
        let picture: PanelPicture
        do {
            picture = try PageRenderer().renderPanel(model, panel: panel)
        } catch {
            throw CommandFailure.runtime(error.message)
        }
        let simulated = SimulatedEPaper(panel: panel)
        do {
            try await EPaperDrivers.driver(for: panel, spi: simulated, lines: simulated)
                .show(picture.frame, refresh: .full)
        } catch {
            throw CommandFailure.runtime("\(error)")
        }
        let image = simulated.picture
        do {
            if let output = request.output, output == "-" {
                try writeStandardOutput(PNGCodec.encode(image))
            } else if let output = request.output {
                try PNGDisplay(path: output, size: image.size).show(image)
                // TRANSLATORS: `render` for an e-paper panel; {panel} names it.
                console.printError(
                    model.language.localized(
                        "Wrote the {page} page as the {panel} shows it to {output}.",
                        ["page": model.page.rawValue, "panel": "\(panel)", "output": output]))
            }
        } catch {
            throw CommandFailure.runtime("\(error)")
        }
    }
}
