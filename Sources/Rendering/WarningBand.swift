import KioskCore

/// The band under the header of every page of a place with a warning: the level's colour
/// (yellow, orange, red, as the services colour them), the event and until when.
extension PageContext {
    func drawWarningBand(_ band: Rect, _ warning: PageWarning) {
        let colour = Self.bandColour(warning.level)
        canvas.fill(band, colour, radius: metrics.gap / 2)
        let ink = colour.luminance > 0.4 ? Color.black : Color.white
        let inset = band.insetBy(dx: metrics.gap, dy: 0)
        canvas.drawText(
            "⚠ " + warning.text, in: inset, style: .bold, size: metrics.font(.small), color: ink,
            shrinking: false)
    }

    /// The warning colours: MeteoAlarm's yellow, orange and red.
    static func bandColour(_ level: WarningLevel) -> Color {
        switch level {
        case .yellow: Color(hex: 0xF2C500)
        case .orange: Color(hex: 0xF07800)
        case .red: Color(hex: 0xD0161B)
        }
    }
}
