import KioskCore
import LinuxPlatform
import Testing

/// Which DRM connector and mode the kiosk picks, and what `display.kind = "auto"` does.
@Suite struct ScreenChoiceTests {
    private static let fullHD = ScreenMode(
        width: 1920, height: 1080, refreshRate: 60, isPreferred: true)
    private static let hd50 = ScreenMode(width: 1280, height: 720, refreshRate: 50)
    private static let hd60 = ScreenMode(width: 1280, height: 720, refreshRate: 60)
    private static let vga = ScreenMode(width: 640, height: 480, refreshRate: 60)

    /// A Pi 4: two HDMI sockets and composite on card1; a Pi 5's DSI panel on card2.
    private let pi = [
        ScreenConnector(card: "/dev/dri/card1", name: "HDMI-A-1", isConnected: false, modes: []),
        ScreenConnector(
            card: "/dev/dri/card1", name: "HDMI-A-2", isConnected: true,
            modes: [vga, fullHD, hd60, hd50]),
        ScreenConnector(
            card: "/dev/dri/card1", name: "Composite-1", isConnected: nil, modes: [vga]),
        ScreenConnector(
            card: "/dev/dri/card2", name: "DSI-1", isConnected: true,
            modes: [ScreenMode(width: 800, height: 480, refreshRate: 60, isPreferred: true)]),
    ]

    @Test func withoutAConnectorNamedTheFirstConnectedOneIsUsed() throws {
        let chosen = try ScreenChoice.connector(among: pi, wanted: nil)
        #expect(chosen.name == "HDMI-A-2")
        #expect(chosen.qualifiedName == "card1-HDMI-A-2")
    }

    @Test(arguments: ["DSI-1", "dsi-1", "card2-DSI-1"])
    func aNamedConnectorIsFoundByNameOrSysfsName(name: String) throws {
        let chosen = try ScreenChoice.connector(among: pi, wanted: name)
        #expect(chosen.card == "/dev/dri/card2")
    }

    @Test func aNamedConnectorWithoutAScreenIsRefusedSayingWhichExist() {
        #expect {
            try ScreenChoice.connector(among: pi, wanted: "HDMI-A-1")
        } throws: { error in
            "\(error)".hasPrefix("No screen connected to HDMI-A-1 on /dev/dri/card1")
        }
        #expect {
            try ScreenChoice.connector(among: pi, wanted: "DPI-1")
        } throws: { error in
            "\(error)"
                == "display.connector = \"DPI-1\" is not a connector here; there are HDMI-A-1, HDMI-A-2, Composite-1, DSI-1 (`weather-kiosk doctor` lists them)."
        }
    }

    @Test func aConnectorThatCannotTellIsUsedWhenNamedAndItHasModes() throws {
        #expect(try ScreenChoice.connector(among: pi, wanted: "Composite-1").modes == [Self.vga])
    }

    @Test func nothingConnectedIsOneSentence() {
        let unplugged = pi.map { connector in
            var copy = connector
            copy.isConnected = false
            return copy
        }
        #expect {
            try ScreenChoice.connector(among: unplugged, wanted: nil)
        } throws: { error in
            "\(error)"
                == "No screen connected to any of HDMI-A-1, HDMI-A-2, Composite-1, DSI-1; plug one in (the kiosk finds it by itself)."
        }
    }

    @Test func thePreferredModeIsTheDefaultElseTheFirst() throws {
        #expect(
            try ScreenChoice.mode(among: pi[1].modes, wanted: nil, connector: "x") == Self.fullHD)
        #expect(
            try ScreenChoice.mode(among: [Self.hd50, Self.vga], wanted: nil, connector: "x")
                == Self.hd50)
    }

    @Test func aConfiguredModeIsMatchedBySizeAndRate() throws {
        let modes = pi[1].modes
        let fastest = try ScreenChoice.mode(
            among: modes, wanted: ScreenModeRequest(parsing: "1280x720"), connector: "x")
        #expect(fastest == Self.hd60)
        let fifty = try ScreenChoice.mode(
            among: modes, wanted: ScreenModeRequest(parsing: "1280x720@50"), connector: "x")
        #expect(fifty == Self.hd50)
        #expect {
            try ScreenChoice.mode(
                among: modes, wanted: ScreenModeRequest(parsing: "800x600"), connector: "HDMI-A-2")
        } throws: { error in
            "\(error)"
                == "display.mode = \"800x600\" is not a mode of HDMI-A-2; it offers 640x480@60, 1920x1080@60, 1280x720@60, 1280x720@50."
        }
    }

    @Test func modeRequestsParse() {
        #expect(ScreenModeRequest(parsing: "1920x1080@60")?.refreshRate == 60)
        #expect(ScreenModeRequest(parsing: "1920x1080")?.description == "1920x1080")
        #expect(ScreenModeRequest(parsing: "1920x1080@") == nil)
        #expect(ScreenModeRequest(parsing: "1920@60") == nil)
        #expect(ScreenModeRequest(parsing: "1x1@60") == nil)
    }

    @Test func autoPicksDRMWhenAScreenIsConnectedElseTheFramebuffer() {
        let drm = ScreenChoice.automatic(connectors: pi, cardProblem: nil, wanted: nil)
        #expect(drm.useDRM)
        #expect(drm.reason == "a screen is connected to HDMI-A-2 on /dev/dri/card1")
        let none = ScreenChoice.automatic(connectors: [], cardProblem: nil, wanted: nil)
        #expect(!none.useDRM && none.reason == "there is no DRM card")
        let unplugged = ScreenChoice.automatic(connectors: [pi[0]], cardProblem: nil, wanted: nil)
        #expect(!unplugged.useDRM)
        #expect(unplugged.reason.hasPrefix("no DRM connector has a screen (No screen connected"))
        let denied = ScreenChoice.automatic(
            connectors: pi, cardProblem: "Cannot open /dev/dri/card1: permission denied.",
            wanted: nil)
        #expect(!denied.useDRM && denied.reason.contains("permission denied"))
        let namedElsewhere = ScreenChoice.automatic(
            connectors: pi, cardProblem: nil, wanted: "HDMI-A-1")
        #expect(!namedElsewhere.useDRM)
    }
}
