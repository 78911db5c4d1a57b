/// Numbers as a weather display writes them; shared by the terminal, the pages and the
/// small displays so that every surface says the same thing.
public enum WeatherFormat {
    /// "12°" (rounded) or "12.3°" with `digits`; "–" when missing. Unit symbol optional.
    public static func temperature(
        _ value: Double?, unit: TemperatureUnit? = nil, digits: Int = 0
    ) -> String {
        guard let value, value.isFinite else { return "–" }
        let number = decimal(value, digits: digits)
        guard let unit else { return number + "°" }
        return number + " " + unit.symbol
    }

    /// "71 %"; "–" when missing.
    public static func percent(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        return decimal(value, digits: 0) + " %"
    }

    /// "9 km/h SW"; the direction is left out when missing.
    public static func wind(_ speed: Double?, direction: Double?, unit: WindUnit) -> String {
        guard let speed, speed.isFinite else { return "–" }
        let digits = unit == .ms ? 1 : 0
        var text = decimal(speed, digits: digits) + " " + unit.symbol
        if let direction, direction.isFinite { text += " " + compass(direction) }
        return text
    }

    /// "1016 hPa" from hectopascals, in the display's unit.
    public static func pressure(_ hectopascals: Double?, unit: PressureUnit) -> String {
        guard let hectopascals, hectopascals.isFinite else { return "–" }
        return decimal(unit.fromHectopascals(hectopascals), digits: unit.fractionDigits) + " "
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
