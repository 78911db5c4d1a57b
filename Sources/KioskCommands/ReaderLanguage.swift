import KioskConfig
import KioskCore

extension ConfigStore {
    /// The language a verb's text speaks: the config's `language`, else the system's
    /// (`LANG` and its kin). A config that cannot be read still has the system's language:
    /// the verb that reads it says what is wrong, in that language.
    var readerLanguage: Language {
        do {
            return try load().configuration.languageChoice.language
        } catch {
            return systemLanguage.language
        }
    }
}
