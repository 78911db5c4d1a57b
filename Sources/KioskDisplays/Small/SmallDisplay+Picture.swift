public import KioskCore
import Rendering

extension SmallDisplay {
    /// "20x4 characters", "128x64 pixels".
    public var sizeDescription: String {
        switch output {
        case .characters(let display, _): "\(display.size.columns)x\(display.size.rows) characters"
        case .bitmap(let display, _): "\(display.size) pixels"
        }
    }

    /// What the module shows for step `step` of `model`, as a picture (for `screenshot`
    /// and `preview` of a real module, which cannot be read back).
    public func picture(of model: PageModel, step: Int, power: DisplayPower) -> PixelImage {
        switch output {
        case .characters(_, let layout):
            return SmallDisplayImage.characterLCD(
                layout.frame(for: model, step: step), backlight: power == .on,
                displayOn: power != .off, dotPitch: 4)
        case .bitmap(let display, let renderer):
            do {
                let bitmap = try renderer.renderBitmap(model, size: display.size, step: step)
                return SmallDisplayImage.oled(bitmap, scale: 4, dimmed: power == .dim)
            } catch {
                // The frame itself was drawn a moment ago; a picture that cannot be drawn
                // is a black panel rather than no screenshot at all.
                return PixelImage(width: display.size.width * 4, height: display.size.height * 4)
            }
        }
    }
}
