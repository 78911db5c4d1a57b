/// The kiosk's version, shown by `--version` and sent in the User-Agent.
public enum KioskVersion {
    /// Semantic version of this build.
    public static let string = "0.1.0"

    /// The project's home page, named in every User-Agent.
    public static let projectURL = "https://github.com/weather-kiosk/weather-kiosk"

    /// The User-Agent every HTTP request carries unless it names the owner's contact.
    public static let userAgent = "weather-kiosk/\(string) (+\(projectURL))"

    /// The User-Agent for services whose terms ask to be able to reach the user (NWS, MET
    /// Norway): `weather-kiosk/VERSION (+project URL; contact)`, with the config's top-level
    /// `contact`. Control characters, parentheses and semicolons are left out of the
    /// contact so that it cannot end the comment or the header; an empty contact gives
    /// ``userAgent``.
    public static func userAgent(contact: String) -> String {
        let kept = contact.unicodeScalars.filter { scalar in
            scalar.value >= 0x20 && scalar.value != 0x7F && !"();".unicodeScalars.contains(scalar)
        }
        var cleaned = String(String.UnicodeScalarView(kept))
        while cleaned.first == " " { cleaned.removeFirst() }
        while cleaned.last == " " { cleaned.removeLast() }
        guard !cleaned.isEmpty else { return userAgent }
        return "weather-kiosk/\(string) (+\(projectURL); \(cleaned))"
    }
}
