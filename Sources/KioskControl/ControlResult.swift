public import KioskCore

/// The reply to a command that does something (`next`, `previous`, `show`, `page`,
/// `refresh`, `reload`): the sentence the CLI prints, and what `--json` adds to it. On the
/// socket these follow `"ok":true`; `--json` prints them as they are.
public struct ControlResult: Sendable, Hashable, Codable {
    /// The sentence: "Showing the city page of Rome (2 of 5)."
    public var message: String
    /// What is on screen after `next`, `previous`, `show` and `page`.
    public var showing: KioskStatus.Showing?
    /// What became of a `refresh`: started, joined_running, joined_recent, scheduled,
    /// held_by_rate_limit or due.
    public var refresh: String?
    /// After a `refresh`: seconds until the next attempt, rounded up (0 while one runs).
    public var nextRefreshSeconds: Int?
    /// After a `reload`: whether the config in use changed.
    public var changed: Bool?
    /// The sentence in the other languages, by language code ("it"), for the CLI's text
    /// output in its reader's language; nil from a daemon without them. `--json` leaves it
    /// out (`languageNeutral`): the JSON is the same in every language.
    public var translations: [String: String]?

    enum CodingKeys: String, CodingKey {
        case message, showing, refresh, changed, translations
        case nextRefreshSeconds = "next_refresh_seconds"
    }

    /// Creates a result.
    public init(
        message: String, showing: KioskStatus.Showing? = nil, refresh: String? = nil,
        changed: Bool? = nil
    ) {
        self.message = message
        self.showing = showing
        self.refresh = refresh
        self.changed = changed
    }

    /// A result whose sentence is `message`, in English and, in `translations`, in every
    /// other language.
    public init(
        _ message: LocalizedMessage, showing: KioskStatus.Showing? = nil, refresh: String? = nil,
        changed: Bool? = nil
    ) {
        self.init(
            message: message.text(in: .en), showing: showing, refresh: refresh, changed: changed)
        self.translated(message)
    }

    /// Sets the sentence to `message`, in English and in every other language.
    public mutating func translated(_ message: LocalizedMessage) {
        self.message = message.text(in: .en)
        var translations: [String: String] = [:]
        for language in Language.allCases where language != .en {
            translations[language.rawValue] = message.text(in: language)
        }
        self.translations = translations
    }

    /// The sentence in `language`: its translation when the daemon sent one, else English.
    public func message(in language: Language) -> String {
        translations?[language.rawValue] ?? message
    }

    /// The result as `--json` prints it: without the translations.
    public var languageNeutral: ControlResult {
        var result = self
        result.translations = nil
        return result
    }
}
