import Testing
import WeatherModel

/// Severities, colours and CAP values.
struct WeatherWarningTests {
    @Test func meteoAlarmColours() {
        #expect(WarningLevel(meteoAlarmSeverity: .minor) == .yellow)
        #expect(WarningLevel(meteoAlarmSeverity: .moderate) == .yellow)
        #expect(WarningLevel(meteoAlarmSeverity: .severe) == .orange)
        #expect(WarningLevel(meteoAlarmSeverity: .extreme) == .red)
    }

    @Test func theDWDsOwnColours() {
        #expect(WarningLevel(dwdSeverity: .minor) == .yellow)
        #expect(WarningLevel(dwdSeverity: .moderate) == .orange)
        #expect(WarningLevel(dwdSeverity: .severe) == .red)
        #expect(WarningLevel(dwdSeverity: .extreme) == .red)
    }

    @Test(arguments: [
        ("2; yellow; Moderate", WarningLevel.yellow), ("3; orange; Severe", .orange),
        ("4; red; Extreme", .red), ("3;Orange;Severe", .orange),
    ])
    func awarenessLevels(text: String, level: WarningLevel) {
        #expect(WarningLevel(awarenessLevel: text) == level)
    }

    @Test(arguments: ["1; green; Minor", "", "3", "3; mauve; ?", ";;"])
    func awarenessLevelsWithoutAColour(text: String) {
        #expect(WarningLevel(awarenessLevel: text) == nil)
    }

    @Test func capValuesInAnyCase() {
        #expect(WarningSeverity(capValue: "Severe") == .severe)
        #expect(WarningSeverity(capValue: "EXTREME") == .extreme)
        #expect(WarningSeverity(capValue: "Unknown") == nil)
        #expect(WarningCertainty(capValue: "Likely") == .likely)
        #expect(WarningCertainty(capValue: "Very likely") == .unknown)
        #expect(WarningCertainty(capValue: nil) == .unknown)
        #expect(WarningUrgency(capValue: "Immediate") == .immediate)
        #expect(WarningMessageType(capValue: "Cancel") == .cancel)
        #expect(WarningMessageType(capValue: "Ack") == nil)
        #expect(WarningSeverity.minor < .moderate && WarningSeverity.severe < .extreme)
    }

    @Test func onlyDerivedWarningsAreUnofficial() {
        #expect(WarningSource.allCases.filter { !$0.isOfficial } == [.derived])
        let warning = sampleWarning("A", source: .derived)
        #expect(!warning.official)
        #expect(sampleWarning("B", source: .nws).official)
    }
}
