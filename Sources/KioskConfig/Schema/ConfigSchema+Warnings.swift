import KioskCore

// The `[warnings]` keys: official warnings (NWS, MET Norway's MetAlerts, the DWD through
// Bright Sky) and the kiosk's own from the forecast and the barometer.

extension ConfigSchema {
    static let warningKeys: [ConfigKey] = [
        boolean(
            "warnings.enabled", \.warnings.enabled,
            summary: "fetch and show weather warnings for every favourite"),
        integer(
            "warnings.refresh_minutes", \.warnings.refreshMinutes, 2...1440, unit: "minutes",
            summary: "minutes between two asks of a warning service (longer when it says so)"),
        text(
            "warnings.nws_url", \.warnings.nwsURL,
            summary: "the National Weather Service's API (United States)", check: httpURL),
        text(
            "warnings.metalerts_url", \.warnings.metAlertsURL,
            summary: "MET Norway's MetAlerts 2.0 (Norway)", check: httpURL),
        text(
            "warnings.dwd_url", \.warnings.dwdURL,
            summary: "Bright Sky, for the Deutscher Wetterdienst's warnings (Germany)",
            check: httpURL),
        choice(
            "warnings.wake_screen", \.warnings.wakeScreen,
            summary:
                "which official warnings light a display the night window blanked: none, severe (and extreme) or extreme"
        ),
    ]
}
