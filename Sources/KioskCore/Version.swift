/// The kiosk's version, shown by `--version` and sent in the User-Agent.
public enum KioskVersion {
    /// Semantic version of this build.
    public static let string = "0.1.0"

    /// The User-Agent every HTTP request carries.
    public static let userAgent =
        "weather-kiosk/\(string) (+https://github.com/weather-kiosk/weather-kiosk)"
}
