public import Localization

/// Numbers as a weather display writes them; shared by the terminal, the pages and the
/// small displays so that every surface says the same thing.
///
/// Each takes the `language` to write in (its decimal comma, its compass points and
/// words); English, the default, writes what the kiosk always wrote.
public enum WeatherFormat {
    /// "12°" (rounded) or "12.3°" with `digits`, in `unit`; "–" when missing. With
    /// `symbol`, "12 °C"; in German "12,3 °C".
    public static func temperature(
        _ temperature: Temperature?, in unit: TemperatureUnit, symbol: Bool = false,
        digits: Int = 0, language: Language = .en
    ) -> String {
        guard let temperature, temperature.isFinite else { return "–" }
        let number = decimal(temperature.value(in: unit), digits: digits, language: language)
        return symbol ? number + " " + unit.symbol : number + "°"
    }

    /// "12°" from a number already in the display unit (an axis label); "–" when missing.
    public static func degrees(_ value: Double?, digits: Int = 0, language: Language = .en)
        -> String
    {
        guard let value, value.isFinite else { return "–" }
        return decimal(value, digits: digits, language: language) + "°"
    }

    /// "71 %"; "–" when missing.
    public static func percent(_ value: Double?, language: Language = .en) -> String {
        guard let value, value.isFinite else { return "–" }
        return decimal(value, digits: 0, language: language) + " %"
    }

    /// "9 km/h SW" in `unit`; the direction is left out when missing. In French "9 km/h SO".
    public static func wind(
        _ speed: Speed?, direction: Double?, unit: WindUnit, language: Language = .en
    ) -> String {
        guard let speed, speed.isFinite else { return "–" }
        let digits = unit == .ms ? 1 : 0
        var text =
            decimal(speed.value(in: unit), digits: digits, language: language) + " " + unit.symbol
        if let direction, direction.isFinite {
            text += " " + compass(direction, language: language)
        }
        return text
    }

    /// "1016 hPa", "29.99 inHg": `pressure` in `unit`; "–" when missing.
    public static func pressure(
        _ pressure: Pressure?, unit: PressureUnit, language: Language = .en
    ) -> String {
        guard let pressure, pressure.isFinite else { return "–" }
        return decimal(pressure.value(in: unit), digits: unit.fractionDigits, language: language)
            + " " + unit.symbol
    }

    /// "0.4 mm", "0.02 in".
    public static func precipitation(
        _ value: Double?, unit: PrecipitationUnit, language: Language = .en
    ) -> String {
        guard let value, value.isFinite else { return "–" }
        return decimal(value, digits: unit == .inch ? 2 : 1, language: language) + " "
            + unit.symbol
    }

    /// `value` rounded to `digits` decimals, without a "-0", with the `language`'s decimal
    /// separator ("2.5", "2,5"); `grouped` groups the digits of a large number ("12,345",
    /// "12.345", "12 345").
    public static func decimal(
        _ value: Double, digits: Int, grouped: Bool = false, language: Language = .en
    ) -> String {
        let plain = plainDecimal(value, digits: digits)
        guard language != .en || grouped else { return plain }
        return language.conventions.number(plain, grouped: grouped)
    }

    /// `value` rounded to `digits` decimals, without a "-0", as Swift writes numbers.
    private static func plainDecimal(_ value: Double, digits: Int) -> String {
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
