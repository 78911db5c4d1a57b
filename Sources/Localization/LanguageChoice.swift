/// The language the kiosk speaks and where that choice came from, so that `doctor` and
/// `status` can say why the kiosk speaks Italian ("from LANG=it_IT.UTF-8").
public struct LanguageChoice: Sendable, Hashable {
    /// Where a language choice came from.
    public enum Source: Sendable, Hashable {
        /// The config's top-level `language`.
        case configured
        /// An environment variable, with its name and value: `LANG`, `it_IT.UTF-8`.
        case environment(variable: String, value: String)
        /// Nothing chose one: English.
        case fallback
    }

    /// The language chosen.
    public var language: Language
    /// Why it was chosen.
    public var source: Source

    /// Creates a choice.
    public init(_ language: Language, source: Source) {
        self.language = language
        self.source = source
    }

    /// The kiosk's language: the config's `language` when it is set, else the system's
    /// locale as gettext reads it, else English.
    ///
    /// The locale is the first non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG`. Unless that
    /// is "C" or "POSIX" (or nothing), `LANGUAGE`, a colon-separated list such as
    /// "pt:it:en", is read first, and its first language the kiosk speaks wins; then the
    /// locale's own language. A locale in a language the kiosk does not speak, "C" (what a
    /// Pi under systemd often has) and no locale at all give English.
    ///
    /// - Parameters:
    ///   - configured: the config's `language` when it is set (already checked against
    ///     the codes the schema allows); nil when the config does not say.
    ///   - environment: the process's environment variables.
    public static func choose(
        configured: Language?, environment: [String: String]
    ) -> LanguageChoice {
        if let configured { return LanguageChoice(configured, source: .configured) }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
            .compactMap { name in environment[name].map { (name, $0) } }
            .first { !$0.1.isEmpty }
        guard let (variable, value) = locale, !isPortable(value) else {
            return LanguageChoice(.en, source: .fallback)
        }
        if let list = environment["LANGUAGE"] {
            for entry in list.split(separator: ":") {
                if let language = Language(localeName: entry) {
                    return LanguageChoice(
                        language, source: .environment(variable: "LANGUAGE", value: list))
                }
            }
        }
        guard let language = Language(localeName: value) else {
            return LanguageChoice(.en, source: .fallback)
        }
        return LanguageChoice(language, source: .environment(variable: variable, value: value))
    }

    /// The language Open-Meteo's geocoding is asked to name places in: `forecast.language`
    /// when the config sets it, else the kiosk's own language.
    public func placeNameLanguage(configured: String?) -> String {
        guard let configured, !configured.isEmpty else { return language.rawValue }
        return configured
    }

    /// Whether `locale` is the portable "C" locale, which has no language of its own.
    private static func isPortable(_ locale: String) -> Bool {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        return name == "C" || name == "POSIX"
    }
}

extension LanguageChoice: CustomStringConvertible {
    /// "it (from LANG=it_IT.UTF-8)", "de (from the config's language)", "en (the default)".
    public var description: String {
        switch source {
        case .configured: "\(language.rawValue) (from the config's language)"
        case .environment(let variable, let value):
            "\(language.rawValue) (from \(variable)=\(value))"
        case .fallback: "\(language.rawValue) (the default)"
        }
    }
}
