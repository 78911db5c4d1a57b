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
}
