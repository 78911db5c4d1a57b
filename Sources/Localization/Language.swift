/// A language the kiosk speaks: what a person reads on its pages and in its verbs' text.
///
/// The raw values are ISO 639-1 codes, the spellings of the config's top-level `language`.
/// English is the language of the sources: its messages are the catalogs' message ids, so
/// it has no catalog of its own and is what every other language falls back to.
public enum Language: String, Sendable, Hashable, Codable, CaseIterable {
    /// English, the sources' own language and the fallback.
    case en
    /// German.
    case de
    /// French.
    case fr
    /// Italian.
    case it
    /// Spanish.
    case es

    /// The language a POSIX locale name or a language tag names: "it", "it_IT.UTF-8",
    /// "de_CH@euro", "fr-CA", "ES"; nil for "C", "POSIX", an empty name or a language the
    /// kiosk does not speak ("pt_BR").
    public init?(localeName: some StringProtocol) {
        let code = localeName.prefix { $0 != "_" && $0 != "-" && $0 != "." && $0 != "@" }
        guard code.count == 2 else { return nil }
        self.init(rawValue: code.lowercased())
    }

    /// The language's name in itself, as a menu of languages shows it: "Deutsch".
    public var nativeName: String {
        switch self {
        case .en: "English"
        case .de: "Deutsch"
        case .fr: "Français"
        case .it: "Italiano"
        case .es: "Español"
        }
    }

    /// How the language writes numbers: its decimal and grouping separators.
    public var conventions: LocalConventions { LocalConventions(self) }
}
