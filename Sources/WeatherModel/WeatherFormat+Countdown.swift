public import Localization

/// Waits as a countdown reads them.
extension WeatherFormat {
    /// A wait as a countdown: "now" at 0, "45 s" under a minute, else whole minutes or hours
    /// and minutes ("4 min", "1 h 5 min"), always rounded up, so that a wait is never shown
    /// shorter than it is and the screen and `status` agree for the same number of seconds.
    public static func countdown(_ seconds: Double, language: Language = .en) -> String {
        guard seconds.isFinite, seconds > 0 else {
            return language.localized("now", context: "countdown")
        }
        let whole = seconds.rounded(.up)
        if whole < 60 { return "\(Int(whole)) s" }
        return duration((whole / 60).rounded(.up) * 60, language: language)
    }
}
