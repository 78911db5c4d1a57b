import KioskConfig
import KioskCore

/// The sentences the `config` verbs print for a person, in the language of the config they
/// leave behind (`config set language it` answers in Italian); keys, values and paths stay
/// as the file spells them, and `--json` stays English.
enum ConfigSentences {
    /// "/etc/weather-kiosk/config.toml is valid: board raspberry-pi-4, 3 favourites."
    static func valid(_ path: String, _ configuration: KioskConfiguration) -> String {
        let count = configuration.cities.count
        // TRANSLATORS: `config check`; {board} is a board's name as the config spells it.
        return configuration.languageChoice.language.localized(
            "{path} is valid: board {board}, {count} favourite.",
            plural: "{path} is valid: board {board}, {count} favourites.", count: count,
            ["path": path, "board": configuration.board])
    }

    /// "Installed /etc/weather-kiosk/config.toml: board raspberry-pi-4, 3 favourites."
    static func installed(_ path: String, _ configuration: KioskConfiguration) -> String {
        // TRANSLATORS: `config edit`, after the edited file was checked and put in place.
        configuration.languageChoice.language.localized(
            "Installed {path}: board {board}, {count} favourite.",
            plural: "Installed {path}: board {board}, {count} favourites.",
            count: configuration.cities.count,
            ["path": path, "board": configuration.board])
    }

    /// "No changes; /etc/weather-kiosk/config.toml is as it was."
    static func unchanged(_ path: String, language: Language) -> String {
        language.localized("No changes; {path} is as it was.", ["path": path])
    }

    /// "display.cycle_seconds = 20 (was 15)".
    static func set(_ key: String, to value: String, was: String?, language: Language) -> String {
        guard let was else { return "\(key) = \(value)" }
        // TRANSLATORS: `config set`; {setting} is "key = value" as in the file.
        return language.localized(
            "{setting} (was {previous})", ["setting": "\(key) = \(value)", "previous": was])
    }

    /// The note after a change a running kiosk takes only after a restart; `keys` are the
    /// keys that need one.
    static func restartNote(_ keys: String, language: Language) -> String {
        // TRANSLATORS: `config set` and `config unset`; {keys} are config keys; the commands in
        // backquotes stay as they are.
        language.localized(
            "{keys} takes effect after a restart: a running kiosk keeps the directory it started with until then (`sudo systemctl restart weather-kiosk`, or stop and start `weather-kiosk run`); `status` says when a restart is pending.",
            ["keys": keys])
    }

    /// "display.cycle_seconds is not set in FILE; nothing changed."
    static func notSet(_ key: String, in path: String, language: Language) -> String {
        language.localized(
            "{key} is not set in {path}; nothing changed.", ["key": key, "path": path])
    }

    /// "display.cycle_seconds removed from FILE; it is now default 15." (`value` nil: not set).
    static func removed(_ key: String, from path: String, now value: String?, language: Language)
        -> String
    {
        guard let value else {
            return language.localized(
                "{key} removed from {path}; it is now not set.", ["key": key, "path": path])
        }
        // TRANSLATORS: `config unset`; {value} is the default as the file would spell it.
        return language.localized(
            "{key} removed from {path}; it is now default {value}.",
            ["key": key, "path": path, "value": value])
    }

    /// "[mqtt] is not in FILE; nothing changed."
    static func tableNotThere(_ table: String, in path: String, language: Language) -> String {
        language.localized(
            "[{table}] is not in {path}; nothing changed.", ["table": table, "path": path])
    }

    /// "[mqtt] removed from FILE; the kiosk talks to no MQTT broker."
    static func tableRemoved(_ table: String, from path: String, language: Language) -> String {
        if table == "mqtt" {
            return language.localized(
                "[mqtt] removed from {path}; the kiosk talks to no MQTT broker.", ["path": path])
        }
        return language.localized(
            "[{table}] removed from {path}; its keys are back to their defaults.",
            ["table": table, "path": path])
    }
}
