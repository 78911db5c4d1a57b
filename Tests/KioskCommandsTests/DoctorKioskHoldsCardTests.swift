import FoundationEssentials
import KioskCore
import KioskTesting
import Testing

@testable import KioskCommands
@testable import KioskControl

/// `doctor` run beside the kiosk: when the card's DRM master is taken, it asks the kiosk on
/// the control socket whether that is the kiosk itself (then all is well) before it warns
/// about another program.
@Suite struct DoctorKioskHoldsCardTests {
    private func kiosk(
        _ directory: TemporaryDirectory, output: String?
    ) throws -> ControlServer {
        let status = KioskStatus(
            version: "0.1.0", uptimeSeconds: 60, board: "raspberry-pi-5",
            display: .init(
                kind: "drm", size: "1920x1080", power: "on", frame: 3, error: nil, output: output),
            showing: .init(page: "city", city: "Rome", cityNumber: 1, pausedSeconds: nil),
            cities: ["Rome"], recentCities: [],
            forecast: .init(
                fetchedAt: Date(timeIntervalSince1970: 1_800_000_000), stale: false, error: nil,
                nextRefreshSeconds: 60, failures: 0),
            sensor: .init(kind: "none"),
            config: .init(path: directory.file("config.toml"), problems: []))
        // Dated as the kiosk dates them (a status with a forecast has times in it).
        return try ControlServer(path: directory.file("control.sock")) { _ in .status(status) }
    }

    private func ask(_ card: String, socket: String) async -> String? {
        // A long timeout: the full test run can keep the server's handler waiting.
        await onDedicatedThread {
            DoctorCommands.kioskOutput(on: card, socket: socket, timeout: 60)
        }
    }

    @Test func theKioskOnTheCardIsNamedAsItsHolder() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try kiosk(
            directory,
            output: "DRM: HDMI-A-1 on /dev/dri/card1, 1920x1080@60 (page flips on vblank)")
        #expect(
            await ask("/dev/dri/card1", socket: server.path)
                == "HDMI-A-1 on /dev/dri/card1, 1920x1080@60 (page flips on vblank)")
        // Another card, or a kiosk on the framebuffer: someone else holds the card.
        #expect(await ask("/dev/dri/card0", socket: server.path) == nil)
        await server.stop()
    }

    @Test func autoSaysWhyAfterTheOutput() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try kiosk(
            directory,
            output:
                "DRM: DSI-1 on /dev/dri/card1, 800x480@60 (page flips on vblank); display.kind = auto, as a screen is connected to DSI-1"
        )
        #expect(
            await ask("/dev/dri/card1", socket: server.path)
                == "DSI-1 on /dev/dri/card1, 800x480@60 (page flips on vblank)")
        await server.stop()
    }

    @Test func aKioskOnTheFramebufferOrNoneAtAllIsNotTheHolder() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try kiosk(directory, output: "framebuffer /dev/fb0; no DRM card")
        #expect(await ask("/dev/dri/card0", socket: server.path) == nil)
        await server.stop()
        #expect(await ask("/dev/dri/card0", socket: directory.file("nobody.sock")) == nil)
    }
}
