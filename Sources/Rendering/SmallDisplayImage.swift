public import KioskCore

/// Pictures of what an LCD or OLED shows, as a person sees the module: for `render`, the
/// simulator board and for looking at what the simulated controllers hold.
public enum SmallDisplayImage {
    /// Colours of a yellow-green character LCD.
    private enum LCDColors {
        static let bezel: UInt32 = 0xFF1C_1F1A
        static let litPanel: UInt32 = 0xFF9A_C43C
        static let litCell: UInt32 = 0xFF8F_B838
        static let litDot: UInt32 = 0xFF1F_3312
        static let darkPanel: UInt32 = 0xFF46_5530
        static let darkCell: UInt32 = 0xFF41_4F2D
        static let darkDot: UInt32 = 0xFF16_1F0C
    }

    /// The LCD showing `frame`: each character a 5×8 block of dots (the ROM's pattern, or
    /// the frame's glyph for codes 0…7), each dot `dotPitch` pixels apart, on the backlight's
    /// colour (dark with the backlight off); no dots while the display is off.
    public static func characterLCD(
        _ frame: CharacterFrame, backlight: Bool = true, displayOn: Bool = true,
        dotPitch: Int = 4
    ) -> PixelImage {
        let pitch = max(2, dotPitch)
        let dot = pitch - 1
        let cellWidth = 6 * pitch
        let cellHeight = 9 * pitch
        let margin = 3 * pitch
        let width = 2 * margin + frame.size.columns * cellWidth - pitch
        let height = 2 * margin + frame.size.rows * cellHeight - pitch
        var image = PixelImage(width: width, height: height, filledWith: LCDColors.bezel)
        let panel = backlight ? LCDColors.litPanel : LCDColors.darkPanel
        let cell = backlight ? LCDColors.litCell : LCDColors.darkCell
        let ink = backlight ? LCDColors.litDot : LCDColors.darkDot
        let inset = pitch
        fill(
            &image, x: inset, y: inset, width: width - 2 * inset, height: height - 2 * inset, panel)
        for row in 0..<frame.size.rows {
            for column in 0..<frame.size.columns {
                let rows = displayOn ? pattern(frame[column, row], glyphs: frame.glyphs) : []
                let left = margin + column * cellWidth
                let top = margin + row * cellHeight
                for dotRow in 0..<8 {
                    let bits = dotRow < rows.count ? rows[dotRow] : 0
                    for dotColumn in 0..<5 {
                        let lit = bits & (0x10 >> UInt8(dotColumn)) != 0
                        fill(
                            &image, x: left + dotColumn * pitch, y: top + dotRow * pitch,
                            width: dot, height: dot, lit ? ink : cell)
                    }
                }
            }
        }
        return image
    }

    /// The eight dot rows of `code`.
    private static func pattern(_ code: UInt8, glyphs: [CharacterGlyph]) -> [UInt8] {
        if code < 16 {
            let slot = Int(code % 8)
            return slot < glyphs.count ? glyphs[slot].rows : []
        }
        return (CharacterROMFont.rows(for: code) ?? CharacterROMFont.box) + [0]
    }

    /// The OLED panel showing `bitmap`: each pixel a `scale`-pixel square, lit ones in the
    /// panel's white (greyer when dimmed), with a one-pixel gap between them from scale 3 on,
    /// as the glass shows them. At scale 1 it is the bitmap in pure black and white.
    public static func oled(_ bitmap: MonochromeBitmap, scale: Int = 4, dimmed: Bool = false)
        -> PixelImage
    {
        let scale = max(1, scale)
        let margin = scale >= 3 ? 2 * scale : 0
        let size = scale >= 3 ? scale - 1 : scale
        // At scale 1 the picture is the bitmap itself: pure white on black.
        let lit: UInt32 = scale == 1 ? 0xFFFF_FFFF : dimmed ? 0xFF5A_6670 : 0xFFE8_F4FF
        let off: UInt32 = scale >= 3 ? 0xFF0B_0D10 : 0xFF00_0000
        var image = PixelImage(
            width: bitmap.width * scale + 2 * margin, height: bitmap.height * scale + 2 * margin,
            filledWith: 0xFF00_0000)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                fill(
                    &image, x: margin + x * scale, y: margin + y * scale, width: size, height: size,
                    bitmap[x: x, y: y] ? lit : off)
            }
        }
        return image
    }

    private static func fill(
        _ image: inout PixelImage, x: Int, y: Int, width: Int, height: Int, _ color: UInt32
    ) {
        for row in max(0, y)..<min(image.height, y + height) {
            let start = row * image.width
            for column in max(0, x)..<min(image.width, x + width) {
                image.pixels[start + column] = color
            }
        }
    }
}
