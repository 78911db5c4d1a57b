/// The sentences of the notices the kiosk draws over its pages: what to do first, so that
/// the first line of a notice (all a small screen has room for) still says it. The whole
/// sentences stay in `status` and the log.
public enum NoticeText {
    /// When the kiosk tries again: now, or after a wait written as
    /// `WeatherFormat.countdown` writes it ("45 s", "2 min").
    public enum Wait: Sendable, Hashable {
        /// It is due now.
        case now
        /// After this wait.
        case later(String)
    }

    /// "retrying in 45 s" or "retrying now" in `language`; nil when `wait` is not known.
    public static func retry(_ wait: Wait?, language: Language) -> String? {
        switch wait {
        case nil: nil
        case .now?: language.localized("retrying now")
        case .later(let wait)?: language.localized("retrying in {wait}", ["wait": wait])
        }
    }

    /// "Config line 12: display.cycle_seconds must be … — the last good config is in use",
    /// from a problem in the form "FILE, line N: message." (or "FILE: message."), in
    /// `language`: the frame words translate, the parser's message stays as it is. (The
    /// dash and the dots between the parts are the code's, not the catalogs': an HD44780
    /// ROM has neither, and its pages draw them their own way.)
    public static func configRefused(_ problem: String, file: String, language: Language)
        -> String
    {
        // TRANSLATORS: the end of a notice over every page, after a dash: the config file
        // was refused and the kiosk runs on the last one it could read.
        let tail = " — " + language.localized("the last good config is in use")
        var rest = Substring(problem)
        if rest.hasPrefix(file) {
            rest = rest.dropFirst(file.count)
            if rest.hasPrefix(", line ") {
                rest = rest.dropFirst(", line ".count)
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                let message = rest.dropFirst(digits.count)
                if !digits.isEmpty, message.hasPrefix(": ") {
                    // TRANSLATORS: a notice over every page; {problem} is the config parser's
                    // sentence, in English.
                    return language.localized(
                        "Config line {line}: {problem}",
                        ["line": String(digits), "problem": trimmed(message.dropFirst(2))])
                        + tail
                }
            } else if rest.hasPrefix(": ") {
                // TRANSLATORS: a notice over every page; {problem} is the config parser's
                // sentence, in English.
                return language.localized(
                    "Config: {problem}", ["problem": trimmed(rest.dropFirst(2))]) + tail
            }
        }
        // TRANSLATORS: a notice over every page; {problem} is why the config file was
        // refused, in English.
        return language.localized(
            "Config refused: {problem}", ["problem": trimmed(Substring(problem))]) + tail
    }

    /// "No forecast yet · retrying in 45 s · Could not resolve host api.open-meteo.com: …":
    /// what is true (nothing to show), when the kiosk tries again (`retry`, a countdown as
    /// `WeatherFormat.countdown` writes it; nil when not known), then why.
    public static func noForecast(_ message: String, retry: Wait?, language: Language)
        -> String
    {
        var text = language.localized("No forecast yet")
        if let retry = self.retry(retry, language: language) { text += " · " + retry }
        return text + " · " + message
    }

    /// "Restart the kiosk to use state_dir = "/srv/kiosk"; until then it keeps the value it
    /// started with", in `language` (the keys and values stay as the config spells them).
    public static func restartPending(_ changes: [String], language: Language) -> String {
        // TRANSLATORS: a notice over every page; {changes} lists config keys with their new
        // values, as in the config file: state_dir = "/srv/kiosk".
        language.localized(
            "Restart the kiosk to use {changes}; until then it keeps the value it started with",
            plural:
                "Restart the kiosk to use {changes}; until then it keeps the values it started with",
            count: changes.count, ["changes": changes.joined(separator: ", ")])
    }

    /// The notice while MET Norway serves a place in `language`: "Open-Meteo error 503 ·
    /// showing MET Norway's forecast", "… · asking MET Norway", "… · MET Norway: offline";
    /// the failures' summaries stay as the adapters write them.
    public static func providerFallback(
        cause: String, fallbackFailure: String?, showingFallback: Bool, language: Language
    ) -> String {
        if let fallbackFailure {
            // TRANSLATORS: a notice, after why Open-Meteo failed; {failure} is why MET
            // Norway, the second provider, failed too.
            return cause + " · "
                + language.localized("MET Norway: {failure}", ["failure": fallbackFailure])
        }
        if showingFallback {
            // TRANSLATORS: a notice, after why Open-Meteo failed ("Open-Meteo error 503 · …").
            return cause + " · " + language.localized("showing MET Norway's forecast")
        }
        // TRANSLATORS: a notice, after why Open-Meteo failed ("Open-Meteo error 503 · …").
        return cause + " · " + language.localized("asking MET Norway")
    }

    /// "Sensor failing · retrying in 20 s · Cannot open /dev/i2c-1 …": what is wrong, when
    /// the kiosk reads it again (`retry`, a countdown; nil when not known), then why.
    public static func sensor(_ message: String, retry: Wait?, language: Language) -> String {
        var text = language.localized("Sensor failing")
        if let retry = self.retry(retry, language: language) { text += " · " + retry }
        return text + " · " + message
    }

    private static func trimmed(_ text: Substring) -> String {
        var text = text
        while text.hasSuffix(".") || text.hasSuffix(" ") { text = text.dropLast() }
        return String(text)
    }
}
