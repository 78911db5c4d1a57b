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
    /// from a problem in the form "FILE, line N: message." (or "FILE: message.").
    public static func configRefused(_ problem: String, file: String) -> String {
        let tail = " — the last good config is in use"
        var rest = Substring(problem)
        guard rest.hasPrefix(file) else { return "Config refused: \(trimmed(rest))" + tail }
        rest = rest.dropFirst(file.count)
        if rest.hasPrefix(", line ") {
            rest = rest.dropFirst(", line ".count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            let message = rest.dropFirst(digits.count)
            if !digits.isEmpty, message.hasPrefix(": ") {
                return "Config line \(digits): \(trimmed(message.dropFirst(2)))" + tail
            }
        } else if rest.hasPrefix(": ") {
            return "Config: \(trimmed(rest.dropFirst(2)))" + tail
        }
        return "Config refused: \(trimmed(Substring(problem)))" + tail
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

    /// "Restart the kiosk to use state_dir = "/srv/kiosk"; until then it keeps the one it
    /// started with".
    public static func restartPending(_ changes: [String]) -> String {
        "Restart the kiosk to use \(changes.joined(separator: ", ")); until then it keeps the"
            + " \(changes.count == 1 ? "value" : "values") it started with"
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
