import KioskCore
import Logging
import Testing

@testable import KioskDaemon

@Suite struct DaemonLogLineTests {
    let noon = LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 24), hour: 12, minute: 0)

    @Test func aMessageWithNewlinesStaysOneLine() {
        let forged = "Rome\n2026-11-24T12:00:00 error: config deleted"
        let line = DaemonLogLine.format(
            level: .info, message: "Added \(forged).", metadata: [:], style: .journal, time: noon)
        #expect(line == "<6>Added Rome\\n2026-11-24T12:00:00 error: config deleted.\n")
        #expect(line.split(separator: "\n", omittingEmptySubsequences: false).count == 2)
    }

    @Test func controlCharactersAndBackslashesAreEscaped() {
        #expect(DaemonLogLine.escaped("a\tb\r\u{1B}[2Jc\\n") == "a\\tb\\r\\u{1B}[2Jc\\\\n")
        #expect(DaemonLogLine.escaped("x\u{85}y\u{2028}z") == "x\\u{85}y\\u{2028}z")
        #expect(DaemonLogLine.escaped("Zürich −3 °C ☂") == "Zürich −3 °C ☂")
    }

    @Test func theJournalReadsTheLevelFromThePrefix() {
        let levels: [(Logger.Level, String)] = [
            (.debug, "<7>"), (.info, "<6>"), (.notice, "<5>"), (.warning, "<4>"),
            (.error, "<3>"), (.critical, "<2>"),
        ]
        for (level, prefix) in levels {
            let line = DaemonLogLine.format(
                level: level, message: "m", metadata: [:], style: .journal, time: noon)
            #expect(line == prefix + "m\n")
        }
    }

    @Test func aFileGetsTheLocalTimeAndLevelAndMetadataInOrder() {
        let line = DaemonLogLine.format(
            level: .warning, message: "slow", metadata: ["url": "http://x/\ny", "city": "Oslo"],
            style: .timestamped, time: noon)
        #expect(line == "\(noon) warning: slow (city=Oslo url=http://x/\\ny)\n")
    }
}
