import FoundationEssentials
import KioskCore
import Testing

@testable import KioskControl

/// The replies on the control socket, byte for byte: the same snake_case keys with units in
/// the names that `status --json` and the other `--json` outputs print, which
/// docs/control-protocol.md documents for scripts that talk to the socket.
@Suite struct ControlReplyWireTests {
    @Test func aStatusReplyHasTheDocumentedKeys() throws {
        struct Reply: Encodable { var status: KioskStatus }
        let status = KioskStatus(
            version: "0.1.0", uptimeSeconds: 60, board: "simulator",
            display: .init(
                kind: "png", size: "800x480", power: "on", frame: 3, error: nil, rotate: 90),
            showing: .init(page: "city", city: "Rome, Lazio", cityNumber: 1, pausedSeconds: 40),
            cities: ["Rome, Lazio", "Rome, Georgia"], recentCities: ["Rome, Lazio"],
            forecast: .init(
                fetchedAt: Date(timeIntervalSince1970: 1_800_000_000), stale: false, error: nil,
                nextRefreshSeconds: 540, failures: 0),
            sensor: .init(
                kind: "bme280", chip: "bme280", temperature: Temperature(celsius: 21.5),
                humidity: 45, pressure: Pressure(pascals: 100_500)),
            config: .init(path: "/etc/weather-kiosk/config.toml", problems: []))
        let line = String(
            decoding: try ControlProtocol.successLine(Reply(status: status)), as: UTF8.self)
        for fragment in [
            #"{"ok":true,"status":{"#, #""uptime_seconds":60"#, #""recent_cities":["Rome, Lazio"]"#,
            #""rotate_degrees":90"#, #""city_number":1"#, #""paused_seconds":40"#,
            #""fetched_at":"2027-01-15T08:00:00Z""#, #""next_refresh_seconds":540"#,
            #""temperature_c":21.5"#, #""humidity_percent":45"#, #""pressure_pa":100500"#,
        ] {
            #expect(line.contains(fragment), "\(fragment) in \(line)")
        }
        // And back: what the CLI decodes is what the daemon sent.
        struct Decoded: Decodable { var status: KioskStatus }
        let decoded = try ControlProtocol.replyDecoder().decode(Decoded.self, from: Data(line.utf8))
        #expect(decoded.status == status)
    }

    @Test func aCommandsReplyCarriesItsSentenceAndWhatIsShown() throws {
        let result = ControlResult(
            message: "Showing the city page of Rome, Lazio (1 of 2).",
            showing: .init(page: "city", city: "Rome, Lazio", cityNumber: 1, pausedSeconds: 60))
        let line = String(decoding: try ControlProtocol.successLine(result), as: UTF8.self)
        #expect(
            line
                == #"{"ok":true,"message":"Showing the city page of Rome, Lazio (1 of 2).","showing":{"city":"Rome, Lazio","city_number":1,"page":"city","paused_seconds":60}}"#
                + "\n")
        var refresh = ControlResult(message: "Fetching forecasts now.", refresh: "started")
        refresh.nextRefreshSeconds = 0
        #expect(
            String(decoding: try ControlProtocol.successLine(refresh), as: UTF8.self)
                == #"{"ok":true,"message":"Fetching forecasts now.","next_refresh_seconds":0,"refresh":"started"}"#
                + "\n")
    }

    @Test func aSentenceTravelsInEveryLanguageAndJSONKeepsTheEnglishOne() throws {
        let result = ControlResult(
            LocalizedMessage("Reloaded {path}.", ["path": "/etc/k.toml"]), changed: true)
        let line = String(decoding: try ControlProtocol.successLine(result), as: UTF8.self)
        #expect(
            line.contains(#""message":"Reloaded \/etc\/k.toml.""#)
                || line.contains(#""message":"Reloaded /etc/k.toml.""#), "\(line)")
        #expect(line.contains(#""it":"#) && line.contains(#""translations":{"#), "\(line)")
        let decoded = try JSONDecoder().decode(
            ControlResult.self, from: Data(JSONEncoder().encode(result)))
        #expect(decoded.message(in: .it) == "/etc/k.toml ricaricato.")
        #expect(decoded.message(in: .de) == "/etc/k.toml neu geladen.")
        #expect(decoded.message(in: .en) == "Reloaded /etc/k.toml.")
        let neutral = String(
            decoding: try ControlProtocol.successLine(result.languageNeutral), as: UTF8.self)
        #expect(!neutral.contains("translations"), "\(neutral)")
        // An older daemon's reply, without translations: its English sentence.
        let old = try JSONDecoder().decode(
            ControlResult.self, from: Data(#"{"message":"Fetching forecasts now."}"#.utf8))
        #expect(old.message(in: .fr) == "Fetching forecasts now.")
    }
}
