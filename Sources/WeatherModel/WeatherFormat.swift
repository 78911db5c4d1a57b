/// Numbers as a weather display writes them; shared by the terminal, the pages and the
/// small displays so that every surface says the same thing.
public enum WeatherFormat {
    /// "12°" (rounded) or "12.3°" with `digits`, in `unit`; "–" when missing. With
    /// `symbol`, "12 °C".
    public static func temperature(
        _ temperature: Temperature?, in unit: TemperatureUnit, symbol: Bool = false,
        digits: Int = 0
    ) -> String {
        guard let temperature, temperature.isFinite else { return "–" }
        let number = decimal(temperature.value(in: unit), digits: digits)
        return symbol ? number + " " + unit.symbol : number + "°"
    }

    /// "12°" from a number already in the display unit (an axis label); "–" when missing.
    public static func degrees(_ value: Double?, digits: Int = 0) -> String {
        guard let value, value.isFinite else { return "–" }
        return decimal(value, digits: digits) + "°"
    }

    /// "71 %"; "–" when missing.
    public static func percent(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        return decimal(value, digits: 0) + " %"
    }

    /// "9 km/h SW" in `unit`; the direction is left out when missing.
    public static func wind(_ speed: Speed?, direction: Double?, unit: WindUnit) -> String {
        guard let speed, speed.isFinite else { return "–" }
        let digits = unit == .ms ? 1 : 0
        var text = decimal(speed.value(in: unit), digits: digits) + " " + unit.symbol
        if let direction, direction.isFinite { text += " " + compass(direction) }
        return text
    }

    /// "1016 hPa", "29.99 inHg": `pressure` in `unit`; "–" when missing.
    public static func pressure(_ pressure: Pressure?, unit: PressureUnit) -> String {
        guard let pressure, pressure.isFinite else { return "–" }
        return decimal(pressure.value(in: unit), digits: unit.fractionDigits) + " "
            + unit.symbol
    }

    /// "0.4 mm", "0.02 in".
    public static func precipitation(_ value: Double?, unit: PrecipitationUnit) -> String {
        guard let value, value.isFinite else { return "–" }
        return decimal(value, digits: unit == .inch ? 2 : 1) + " " + unit.symbol
    }

    /// The 16-point compass direction a wind comes from: 225° → "SW".
    public static func compass(_ degrees: Double) -> String {
        let points = [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW",
            "NW", "NNW",
        ]
        let normalised = (degrees.truncatingRemainder(dividingBy: 360) + 360)
            .truncatingRemainder(dividingBy: 360)
        return points[Int((normalised / 22.5).rounded()) % 16]
    }

    /// A duration as people say it: "just now", "4 min", "2 h 5 min", "3 days".
    public static func duration(_ seconds: Double) -> String {
        let total = Int(max(0, seconds))
        if total < 60 { return "under a minute" }
        let minutes = total / 60
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60
        if hours < 48 {
            let rest = minutes % 60
            return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
        }
        return "\(hours / 24) days"
    }

    /// `value` rounded to `digits` decimals, without a "-0".
    public static func decimal(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<max(0, digits) { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        let magnitude = abs(rounded)
        // Past 1e15 a double has no fraction left, and past Int.max it has no Int: a number
        // that large (a broken forecast server's 1e300) is written as Swift writes it.
        guard magnitude < 1e15 else { return rounded.description }
        let whole = Int(magnitude)
        var text = String(whole)
        if digits > 0 {
            let fraction = Int(((magnitude - Double(whole)) * scale).rounded())
            let fractionText = String(fraction)
            text +=
                "." + String(repeating: "0", count: max(0, digits - fractionText.count))
                + fractionText
        }
        return rounded < 0 ? "-" + text : text
    }
}
