import FoundationEssentials
import Testing

@testable import KioskControl

/// The typed control commands on the wire: every request the CLI sends and
/// docs/control-protocol.md documents decodes to its command and encodes back to the same bytes, so the JSON that
/// docs/control-protocol.md fixes does not move.
@Suite struct ControlCommandWireTests {
    static let documented: [(line: String, command: ControlCommand)] = [
        (#"{"cmd":"status"}"#, .status),
        (#"{"cmd":"next"}"#, .next),
        (#"{"cmd":"previous"}"#, .previous),
        (#"{"city":"Rome","cmd":"show"}"#, .show(city: "Rome")),
        (#"{"city":"2","cmd":"show"}"#, .show(city: "2")),
        (#"{"cmd":"page","page":"hourly"}"#, .page("hourly")),
        (#"{"cmd":"refresh"}"#, .refresh(force: false)),
        (#"{"cmd":"refresh","force":true}"#, .refresh(force: true)),
        (#"{"cmd":"reload"}"#, .reload),
        (#"{"cmd":"screenshot"}"#, .screenshot),
        (
            #"{"after":-1,"cmd":"preview","colors":"256","columns":80,"rows":23}"#,
            .preview(after: -1, columns: 80, rows: 23, colors: "256")
        ),
        (
            #"{"after":7,"cmd":"preview","colors":"truecolor","columns":120,"rows":39}"#,
            .preview(after: 7, columns: 120, rows: 39, colors: "truecolor")
        ),
    ]

    @Test(arguments: documented.indices)
    func decodesAndEncodesByteForByte(index: Int) throws {
        let (line, command) = Self.documented[index]
        let decoded = try ControlProtocol.decode(Array(line.utf8))
        #expect(try ControlCommand(decoded) == command)
        #expect(try JSONDecoder().decode(ControlCommand.self, from: Data(line.utf8)) == command)
        #expect(String(decoding: try command.line(), as: UTF8.self) == line)
    }

    @Test func unknownCommandsAndAMissingCityAreUsageErrorsThatSayWhy() {
        #expect(throws: ControlCommandError.self) {
            try ControlCommand(ControlRequest(cmd: "dance"))
        }
        do {
            _ = try ControlCommand(ControlRequest(cmd: "dance"))
        } catch {
            #expect(
                error.message
                    == "Unknown command \"dance\"; the commands are status, next, previous, show, page, refresh, reload, screenshot and preview."
            )
        }
        do {
            _ = try ControlCommand(ControlRequest(cmd: "show", city: ""))
            Issue.record("an empty city was taken")
        } catch {
            #expect(error.message == "show needs a favourite's name or number.")
        }
    }
}
