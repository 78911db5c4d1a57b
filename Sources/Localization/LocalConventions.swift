/// How a language writes numbers: a small, pure stand-in for Foundation's `Locale`, which
/// the kiosk cannot use (its data is ICU's, 30 MB that the footprint rule keeps out).
///
/// Words (weekday and month names, the order of a date's parts) are in the catalogs, where
/// translators can see and change them; these are the conventions that are not words.
/// Clocks are 24-hour in every language unless `units.clock` says otherwise.
public struct LocalConventions: Sendable, Hashable {
    /// The language these are the conventions of.
    public let language: Language
    /// Between the whole part and the fraction: "." in English, "," in German, French,
    /// Italian and Spanish.
    public let decimalSeparator: String
    /// Between groups of three digits in large numbers: "," in English, "." in German,
    /// Italian and Spanish, a narrow no-break space (U+202F) in French.
    public let groupingSeparator: String
    /// How many digits a whole part needs before it is grouped: 4 ("1,234") in most
    /// languages, 5 in Spanish ("1234", but "12.345").
    public let minimumGroupingDigits: Int

    /// The conventions of `language`.
    public init(_ language: Language) {
        self.language = language
        switch language {
        case .en:
            (decimalSeparator, groupingSeparator, minimumGroupingDigits) = (".", ",", 4)
        case .de, .it:
            (decimalSeparator, groupingSeparator, minimumGroupingDigits) = (",", ".", 4)
        case .fr:
            (decimalSeparator, groupingSeparator, minimumGroupingDigits) = (",", "\u{202F}", 4)
        case .es:
            (decimalSeparator, groupingSeparator, minimumGroupingDigits) = (",", ".", 5)
        }
    }

    /// `plain`, a number written with "." as the decimal point and no grouping (as
    /// `WeatherFormat.decimal` writes it: "-1234.5"), written the language's way: "-1234,5",
    /// grouped "-1.234,5". Text that is not such a number (Swift's "1e+300") only has its
    /// point replaced.
    public func number(_ plain: String, grouped: Bool = false) -> String {
        let negative = plain.hasPrefix("-")
        let unsigned = negative ? plain.dropFirst() : Substring(plain)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var whole = String(parts[0])
        if grouped, whole.count >= minimumGroupingDigits,
            whole.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) })
        {
            var groups: [Substring] = []
            var end = whole.endIndex
            while end > whole.startIndex {
                let start =
                    whole.index(end, offsetBy: -3, limitedBy: whole.startIndex)
                    ?? whole.startIndex
                groups.insert(whole[start..<end], at: 0)
                end = start
            }
            whole = groups.joined(separator: groupingSeparator)
        }
        let fraction = parts.count > 1 ? decimalSeparator + parts[1] : ""
        return (negative ? "-" : "") + whole + fraction
    }
}
