import KioskCore
import Testing

/// The User-Agent with the owner's contact, in one place for every service that asks.
struct UserAgentTests {
    @Test func theContactGoesIntoTheComment() {
        #expect(
            KioskVersion.userAgent(contact: "you@example.org")
                == "weather-kiosk/\(KioskVersion.string) (+\(KioskVersion.projectURL); you@example.org)"
        )
    }

    @Test func noContactGivesTheDefault() {
        #expect(KioskVersion.userAgent(contact: "") == KioskVersion.userAgent)
        #expect(KioskVersion.userAgent(contact: "  ") == KioskVersion.userAgent)
        #expect(KioskVersion.userAgent.hasPrefix("weather-kiosk/\(KioskVersion.string) (+https://"))
    }

    @Test func aContactCannotEndTheCommentOrTheHeader() {
        let agent = KioskVersion.userAgent(contact: " me@x.org)\r\nX-Evil: 1; (a) ")
        #expect(agent.hasSuffix("; me@x.orgX-Evil: 1 a)"))
        #expect(!agent.contains("\r") && !agent.contains("\n"))
        #expect(agent.filter { $0 == "(" }.count == 1)
    }
}
