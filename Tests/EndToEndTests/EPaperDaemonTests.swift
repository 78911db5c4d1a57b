import FoundationEssentials
import KioskControl
import KioskCore
import KioskTesting
import LinuxPlatform
import Rendering
import Testing

/// `weather-kiosk run` with `display.kind` naming an e-paper panel on the simulator board:
/// the built binary drives the simulated Inky, writes what its glass shows, and refreshes
/// only as the policy allows.
@Suite struct EPaperDaemonTests {
    @Test func theDaemonDrivesTheSimulatedInkyAndKeepsToTheInterval() async throws {
        let kiosk = try await KioskFixture.start(extra: "")
        let panel = EPaperPanel.inkyImpression57
        let picture = kiosk.directory.file("inky.png")
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: """
                [display]
                kind = "\(panel.kind)"
                device = "\(picture)"

                [sensor]
                kind = "simulated"
                interval_seconds = 5

                [buttons]
                backend = "none"

                [control]
                socket = "\(kiosk.directory.file("control.sock"))"


                """ + threeCities)
        // A fresh cache, so that the first refresh shows a forecast.
        let filled = await kiosk.run(["forecast"])
        #expect(filled.exitCode == 0, "\(filled.standardError)")
        let process = KioskBinary.spawn([
            "run", "--config", kiosk.configPath, "--log", kiosk.directory.file("kiosk.log"),
        ])
        let daemon = DaemonFixture(kiosk: kiosk, process: process)

        let first = await daemon.waitFor("the first refresh") {
            $0.display.refreshes?.today == 1 && $0.display.refreshes?.busy == false
        }
        #expect(first?.display.kind == panel.kind)
        #expect(first?.display.size == "600x448")
        #expect(first?.display.error == nil, "\(String(describing: first?.display.error))")
        #expect(first?.display.output?.contains(picture) == true)
        #expect(first?.display.refreshes?.minimumMinutes == panel.minimumRefreshMinutes)
        #expect(first?.showing.city == "Rome")
        let shown = try PNGCodec.decode(try #require(try FileSystem.read(picture)))
        #expect(shown.size == panel.size)
        let inks = Set(panel.inks.map { 0xFF00_0000 | $0 })
        #expect(shown.pixels.allSatisfy(inks.contains), "every pixel is one of the panel's inks")
        #expect(Set(shown.pixels).count >= 3)

        let text = await daemon.run(["status"])
        #expect(text.standardOutput.contains("Refreshes"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("1 today"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("at most every 15 min"), "\(text.standardOutput)")

        // `next` is a person asking: drawn at once, inside the interval.
        let next = await daemon.run(["next"])
        #expect(next.exitCode == 0, "\(next.standardError)")
        let second = await daemon.waitFor("the refresh after next") {
            $0.display.refreshes?.today == 2 && $0.display.refreshes?.busy == false
        }
        #expect(second?.showing.city == "Reykjavík")
        let after = try PNGCodec.decode(try #require(try FileSystem.read(picture)))
        #expect(after != shown)
        #expect(after.pixels.allSatisfy(inks.contains))

        // The forecast refresh and sensor readings go on, yet nothing else is drawn
        // within the 15 minutes (and the slides do not cycle).
        try await Task.sleep(for: .seconds(6))
        let later = await daemon.status()
        #expect(later?.display.refreshes?.today == 2)
        #expect(later?.showing.city == "Reykjavík")
        #expect(later?.sensor.temperature != nil)
        let finished = await daemon.terminate()
        #expect(finished.exitCode == 0, "\(finished.standardError)")
        await kiosk.stop()
    }

    @Test func doctorChecksThePanelsSPIDeviceOffTheSimulator() async throws {
        let kiosk = try await KioskFixture.start(extra: "[display]\nkind = \"inky\"\n")
        defer { Task { await kiosk.stop() } }
        let simulated = await kiosk.run(["doctor"])
        #expect(
            simulated.standardOutput.contains(
                "OK    display     inky is simulated on the simulator board"),
            "\(simulated.standardOutput)")
        _ = await kiosk.run(["config", "set", "board", "raspberry-pi-4"])
        _ = await kiosk.run(["config", "set", "display.device", "/dev/spidev-none.0"])
        _ = await kiosk.run(["config", "set", "display.bus", "98"])
        let real = await kiosk.run(["doctor"])
        #expect(
            real.standardOutput.contains(
                "FAIL  display     /dev/spidev-none.0, the e-paper panel's SPI device, does not exist; turn SPI on with dtparam=spi=on and dtoverlay=spi0-0cs"
            ), "\(real.standardOutput)")
        // The EEPROM's answer is checked in the kernel VM (i2c-stub); here, a bus with none.
        #expect(
            real.standardOutput.contains(
                "FAIL  display     No Inky EEPROM could be read at 0x50 on /dev/i2c-98: cannot open /dev/i2c-98"
            ),
            "\(real.standardOutput)")
    }
}
