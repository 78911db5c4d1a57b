import KioskTesting
import Testing

/// The files in deploy/ checked with the tools that will run them.
@Suite struct DeployTests {
    /// The repository root, from this file's path.
    static let repository: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/EndToEndTests/DeployTests.swift
        return parts.joined(separator: "/")
    }()

    @Test func systemdRatesTheUnitOK() async throws {
        let result = await ExternalProgram.run(
            "/usr/bin/systemd-analyze",
            [
                "security", "--offline=true", "--no-pager",
                Self.repository + "/deploy/weather-kiosk.service",
            ])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let line = try #require(
            result.standardOutput.split(separator: "\n").first {
                $0.contains("Overall exposure level")
            })
        // "→ Overall exposure level for weather-kiosk.service: 1.7 OK 🙂"
        let words = line.split(separator: " ")
        let level = try #require(
            words.firstIndex { $0.hasSuffix("service:") }.map { Double(words[$0 + 1]) } ?? nil)
        #expect(level <= 2.9, "\(line)")
        #expect(line.contains(" OK"), "\(line)")
    }
}
