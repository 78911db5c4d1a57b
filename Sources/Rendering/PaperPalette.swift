public import KioskCore
import Pixels

extension Palette {
    /// The e-paper theme for a panel with `inks` (0xRRGGBB): paper white, black text and
    /// lines, and of the panel's colours only what reads as meaning: red (or yellow) for
    /// warnings, errors and warm highs, blue for cool lows and rain where there is blue,
    /// yellow or orange suns, green land. A colour the panel lacks becomes black, or a
    /// light grey that is dithered (clouds, land); text is never grey.
    public static func paper(inks: [UInt32]) -> Palette {
        func ink(_ wanted: [UInt32], otherwise fallback: UInt32) -> Color {
            Color(hex: wanted.first { inks.contains($0) } ?? fallback)
        }
        let white: UInt32 = 0xFFFFFF
        let black: UInt32 = 0x000000
        let reds: [UInt32] = [0xFF0000, 0xC00000]
        let yellows: [UInt32] = [0xFFFF00, 0xE0C000]
        let highlight = ink(reds + yellows, otherwise: black)
        let blue = ink([0x0000FF], otherwise: black)
        let sun = ink([0xFF8C00] + yellows + reds, otherwise: black)
        return Palette(
            background: Color(hex: white), surface: Color(hex: white),
            primary: Color(hex: black), secondary: Color(hex: black), faint: Color(hex: black),
            accent: highlight, warm: highlight, cool: blue, precipitation: blue, humidity: blue,
            pressure: Color(hex: black), sun: sun, moon: Color(hex: black),
            cloud: Color(hex: 0xC8C8C8), darkCloud: Color(hex: 0x707070), rain: blue,
            snow: Color(hex: black), lightning: ink(yellows + reds, otherwise: black),
            land: ink([0x00A000], otherwise: 0xC8C8C8), warning: highlight, error: highlight)
    }
}

/// A page drawn for an e-paper panel: the frame of ink indices the driver sends, and the
/// picture a viewer sees (the frame in the panel's inks).
public struct PanelPicture: Sendable {
    /// The ink indices, in the panel's orientation.
    public var frame: EPaperFrame
    /// The frame in the panel's inks, upright as the viewer sees it.
    public var image: PixelImage
    /// Every text drawn, with its box (page coordinates).
    public var texts: [PlacedText]
    /// Which pixels were dithered (row-major, page coordinates).
    public var ditherable: [Bool]
}

extension PageRenderer {
    /// Draws `model` for `panel` in the paper theme and maps it to the panel's inks:
    /// nearest ink everywhere, error diffusion only for pixels outside every text box whose
    /// colour is not an ink already (icon shading, the map's land).
    /// - Throws: `RenderingError` when the picture cannot be allocated.
    public func renderPanel(_ model: PageModel, panel: EPaperPanel) throws(RenderingError)
        -> PanelPicture
    {
        var paper = model
        paper.theme = .paper
        let rendered = try render(
            paper, size: panel.size, palette: .paper(inks: panel.inks))
        let mapper = InkMapper(inks: panel.inks)
        let width = rendered.image.width
        var ditherable = rendered.image.pixels.map { !mapper.isInk($0) }
        for text in rendered.texts {
            let box = text.bounds
            let left = max(0, Int(box.x.rounded(.down)) - 1)
            let right = min(width, Int((box.x + box.width).rounded(.up)) + 1)
            let top = max(0, Int(box.y.rounded(.down)) - 1)
            let bottom = min(rendered.image.height, Int((box.y + box.height).rounded(.up)) + 1)
            guard left < right, top < bottom else { continue }
            for y in top..<bottom {
                for x in left..<right { ditherable[y * width + x] = false }
            }
        }
        let frame = mapper.frame(for: rendered.image, ditherable: ditherable)
        return PanelPicture(
            frame: frame, image: frame.image(inks: panel.inks), texts: rendered.texts,
            ditherable: ditherable)
    }
}
