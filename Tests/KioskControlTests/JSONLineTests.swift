import FoundationEssentials
import KioskCore
import Testing

@testable import KioskControl

/// The one writer of reply lines: without keys to move, byte for byte what JSONEncoder
/// writes; with them, the same members with those first.
@Suite struct JSONLineTests {
    struct Sample: Encodable {
        var text = "Zürich \"quoted\" back\\slash / tab\t newline\n bell\u{7} é \u{2028}"
        var whole = 100_500
        var negative = -42
        var large = 9_007_199_254_740_993
        var fraction = 21.5
        var tiny = 1e-7
        var huge = 1e300
        var integral = 100_500.0
        var flag = true
        var nothing: String? = nil
        var list: [Double] = [0.1, 2, -0.5]
        var nested: [String: [String: Int]] = ["b": ["z": 1, "a": 2], "a": [:]]
        var date = Date(timeIntervalSince1970: 1_800_000_000)
        var empty: [Int] = []

        func encode(to encoder: any Encoder) throws {
            enum Key: String, CodingKey {
                case text, whole, negative, large, fraction, tiny, huge, integral, flag
                case nothing, list, nested, date, empty, ok
                case unicodeKey = "é_key"
            }
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(text, forKey: .text)
            try container.encode(whole, forKey: .whole)
            try container.encode(negative, forKey: .negative)
            try container.encode(large, forKey: .large)
            try container.encode(fraction, forKey: .fraction)
            try container.encode(tiny, forKey: .tiny)
            try container.encode(huge, forKey: .huge)
            try container.encode(integral, forKey: .integral)
            try container.encode(flag, forKey: .flag)
            try container.encode(nothing, forKey: .nothing)
            try container.encode(list, forKey: .list)
            try container.encode(nested, forKey: .nested)
            try container.encode(date, forKey: .date)
            try container.encode(empty, forKey: .empty)
            try container.encode(false, forKey: .ok)
            try container.encode(1, forKey: .unicodeKey)
        }
    }

    @Test func withoutKeysToMoveItIsWhatJSONEncoderWrites() throws {
        let foundation = try ControlProtocol.replyEncoder().encode(Sample())
        #expect(try JSONLine.encode(Sample(), first: []) == Array(foundation))
    }

    @Test func theNamedKeysComeFirstInTheirOrderAndTheRestStaysSorted() throws {
        let line = String(
            decoding: try JSONLine.encode(Sample(), first: ["ok", "whole", "absent"]), as: UTF8.self
        )
        #expect(
            line.hasPrefix(#"{"ok":false,"whole":100500,"date":"2027-01-15T08:00:00Z","#), "\(line)"
        )
        #expect(line.hasSuffix(#""tiny":1e-07,"é_key":1}"#), "\(line)")
        // Only the outer object's keys move.
        #expect(line.contains(#""nested":{"a":{},"b":{"a":2,"z":1}}"#), "\(line)")
    }

    @Test func aFailureHasItsSentenceAndExitCodeAfterOk() {
        let line = ControlReply.failure(
            ControlFailure(message: "No favourite is named \"Paris\".", exitCode: 2)
        ).line()
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"ok":false,"error":"No favourite is named \"Paris\".","exitCode":2}"# + "\n")
        #expect(
            String(decoding: ControlProtocol.errorLine("no frame"), as: UTF8.self)
                == #"{"ok":false,"error":"no frame"}"# + "\n")
    }

    /// Every kind of reply reads back as itself: the CLI decodes what the daemon sends.
    @Test(arguments: [
        ControlReply.result(
            ControlResult(message: "Reloaded /etc/weather-kiosk/config.toml.", changed: true)),
        .screenshot(ControlScreenshot(png: "iVBORw0KGgo=", width: 800, height: 480, frame: 7)),
        .preview(ControlPreview(frame: 3, ansi: "\u{1B}[38;5;15m▀\u{1B}[0m\n")),
        .failure(ControlFailure(message: "No frame has been shown yet.", exitCode: 1)),
        .failure(ControlFailure(message: "The request is not JSON.")),
    ])
    func repliesReadBack(reply: ControlReply) throws {
        let line = reply.line()
        #expect(line.last == 10 && line.dropLast().firstIndex(of: 10) == nil)
        let decoded = try ControlProtocol.replyDecoder().decode(
            ControlReply.self, from: Data(line.dropLast()))
        #expect(decoded == reply)
    }

    @Test func aReplyThatCannotBeEncodedBecomesAFailureThatSaysSo() throws {
        let status = KioskStatus(
            version: "0.1.0", uptimeSeconds: 1, board: "simulator",
            display: .init(kind: "png", size: "1x1", power: "on", frame: 0, error: nil),
            showing: .init(page: "empty", city: nil, cityNumber: nil, pausedSeconds: nil),
            cities: [], recentCities: [],
            forecast: .init(
                fetchedAt: nil, stale: false, error: nil, nextRefreshSeconds: 0, failures: 0),
            sensor: .init(kind: "bme280", temperature: Temperature(celsius: .nan)),
            config: .init(path: "c.toml", problems: []))
        let decoded = try ControlProtocol.replyDecoder().decode(
            ControlReply.self, from: Data(ControlReply.status(status).line().dropLast()))
        guard case .failure(let failure) = decoded else {
            Issue.record("a NaN was sent: \(decoded)")
            return
        }
        #expect(failure.exitCode == 1)
        #expect(failure.message.hasPrefix("The kiosk could not answer:"))
    }
}
