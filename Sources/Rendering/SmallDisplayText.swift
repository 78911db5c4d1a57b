public import KioskCore

/// What an LCD or OLED shows, as terminal text: the LCD's characters in a box, the OLED's
/// pixels as braille cells (2×4 pixels each, so a 128×64 panel takes 64×16 characters).
public enum SmallDisplayText {
    /// The frame's rows in a box; user-defined icons as the nearest Unicode symbol.
    public static func characterLCD(_ frame: CharacterFrame) -> String {
        let border = String(repeating: "─", count: frame.size.columns)
        var text = "┌" + border + "┐\n"
        for row in 0..<frame.size.rows {
            let line = CharacterROM.text(frame.row(row)) { code in
                let slot = Int(code)
                guard slot < frame.glyphs.count,
                    let icon = CharacterIcon.allCases.first(where: {
                        $0.glyph == frame.glyphs[slot]
                    })
                else { return "▒" }
                return symbol(icon)
            }
            text += "│" + line + "│\n"
        }
        return text + "└" + border + "┘\n"
    }

    /// A one-column symbol for each icon.
    private static func symbol(_ icon: CharacterIcon) -> Character {
        switch icon {
        case .sun: "☼"
        case .moon: "☾"
        case .partlyCloudy: "◑"
        case .cloud: "☁"
        case .fog: "≡"
        case .rain: "☂"
        case .snow: "❄"
        case .thunder: "ϟ"
        case .thermometer: "t"
        case .drop: "◊"
        case .rising: "↗"
        case .falling: "↘"
        }
    }

    /// The bitmap as braille characters, one line per four pixel rows.
    public static func braille(_ bitmap: MonochromeBitmap) -> String {
        // Braille dot bits by (column, row) within the 2×4 cell.
        let dots: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        var text = ""
        for top in stride(from: 0, to: bitmap.height, by: 4) {
            for left in stride(from: 0, to: bitmap.width, by: 2) {
                var value: UInt32 = 0
                for row in 0..<4 where top + row < bitmap.height {
                    for column in 0..<2 where left + column < bitmap.width {
                        if bitmap[x: left + column, y: top + row] { value |= dots[row][column] }
                    }
                }
                text.unicodeScalars.append(Unicode.Scalar(0x2800 + value)!)
            }
            text += "\n"
        }
        return text
    }
}
