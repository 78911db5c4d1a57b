/// Numbers as a person types them on the command line: decimal digits only.
///
/// Swift's `Double("0x10")` is 16 and `Double("nan")` is not a number; a latitude or an
/// interval typed as either is a mistake, not a value.
public enum DecimalText {
    /// `12`, `-33.9`, `+0.5`, `.5`, `7.`; nil for anything else (hex, exponents, `inf`,
    /// `nan`, spaces, an empty string).
    public static func number(_ text: String) -> Double? {
        var scalars = Substring(text).unicodeScalars[...]
        if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
        var digits = 0
        var points = 0
        for scalar in scalars {
            if ("0"..."9").contains(scalar) {
                digits += 1
            } else if scalar == "." {
                points += 1
            } else {
                return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(text)
    }

    /// `value` in plain decimal with at most `fractionDigits` digits after the point,
    /// trailing zeros dropped: `52.52`, `-0.00001`, `13`. Never an exponent, never a decimal
    /// comma: the text does not depend on any locale. What a URL query wants for a
    /// coordinate (NWS and api.met.no take at most 4 digits).
    public static func plain(_ value: Double, fractionDigits: Int) -> String {
        guard value.isFinite else { return value.description }
        var scale: Int64 = 1
        for _ in 0..<max(0, min(fractionDigits, 15)) { scale *= 10 }
        let scaled = (value.magnitude * Double(scale)).rounded()
        // Beyond 2^53 a Double no longer holds every integer; no coordinate gets there.
        guard scaled < 9_000_000_000_000_000 else { return value.description }
        let units = Int64(scaled)
        var text = String(units / scale)
        let fraction = units % scale
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: String(scale).count - 1 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return value < 0 && units != 0 ? "-" + text : text
    }
}
