import KioskTesting
import LinuxPlatform
import Testing

@Suite struct DoctorTests {
    @Test func healthyKioskAgainstTheFake() async throws {
        let kiosk = try await KioskFixture.start(extra: threeCities)
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["doctor"])
        #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("OK    config") && $0.contains("3 favourites") })
        #expect(lines.contains { $0.hasPrefix("OK    network") && $0.contains("127.0.0.1") })
        #expect(
            lines.contains {
                $0.hasPrefix("OK    api budget")
                    && $0.contains(
                        "3 locations every 15 min and the air quality of 3 every 60 min cost about 770"
                    )
            })
        // No station: nothing fetched for it, and the lines that set one.
        #expect(
            lines.contains {
                $0.hasPrefix("WARN  station")
                    && $0.contains("`weather-kiosk config set station.latitude 41.89193`")
                    && $0.contains("`weather-kiosk config set station.longitude 12.51133`")
            })
        #expect(lines.contains { $0.contains("clock") })
    }

    @Test func failuresSayWhatToDo() async throws {
        let manyCities = (0..<60).map { index in
            "[[cities]]\nname = \"C\(index)\"\nlatitude = \(Double(index) - 30)\nlongitude = \(Double(index) * 2)\n"
        }.joined(separator: "\n")
        let kiosk = try await KioskFixture.start(extra: manyCities)
        defer { Task { await kiosk.stop() } }
        _ = await kiosk.run(["config", "set", "forecast.refresh_minutes", "5"])
        kiosk.server.setFault(.status(503, body: "{}"))
        let result = await kiosk.run(["doctor", "--json"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains("\"level\" : \"FAIL\""))
        #expect(result.standardOutput.contains("raise [forecast] refresh_minutes"))
        #expect(result.standardOutput.contains("overloaded"))
        #expect(result.standardError.contains("doctor found 2 problems"))
    }

    @Test func devicesAreCheckedOnTheirOwnLines() async throws {
        let simulated = try await KioskFixture.start()
        defer { Task { await simulated.stop() } }
        let healthy = await simulated.run(["doctor"])
        #expect(
            healthy.standardOutput.contains(
                "OK    sensor      BME280 at 0x76 on the simulated bus: "))
        #expect(healthy.standardOutput.contains("OK    buttons"))
        #expect(healthy.standardOutput.contains("OK    display"))
        // Hardware this machine does not have: every line names the device and the fix.
        let missing = try await KioskFixture.start(
            extra:
                "[sensor]\nkind = \"bme280\"\nbus = 9\n[buttons]\nbackend = \"gpiod\"\n[display]\nkind = \"framebuffer\"\ndevice = \"/dev/fb9\"\n"
        )
        defer { Task { await missing.stop() } }
        let result = await missing.run(["doctor"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains("FAIL  sensor      Cannot open /dev/i2c-9"))
        #expect(result.standardOutput.contains("raspi-config nonint do_i2c 0"))
        #expect(result.standardOutput.contains("FAIL  buttons"))
        #expect(result.standardOutput.contains("FAIL  display     Cannot open /dev/fb9"))
    }

    /// On a machine without DRM (this one, a CI runner): `drm` says so in one sentence, and
    /// `auto` says it chose the framebuffer and why. The kernel tests see the DRM side.
    @Test(.enabled(if: !FileSystem.exists("/dev/dri")))
    func withoutADRMCardDRMFailsAndAutoChoosesTheFramebuffer() async throws {
        let drm = try await KioskFixture.start(extra: "[display]\nkind = \"drm\"\n")
        defer { Task { await drm.stop() } }
        let refused = await drm.run(["doctor"])
        #expect(refused.exitCode == 1)
        #expect(
            refused.standardOutput.contains(
                "FAIL  display     No screen connected: no DRM card has any connector; is the display driver loaded (`ls /dev/dri`)?"
            ))
        let auto = try await KioskFixture.start(
            extra: "[display]\nkind = \"auto\"\ndevice = \"/dev/fb9\"\n")
        defer { Task { await auto.stop() } }
        let fallback = await auto.run(["doctor"])
        #expect(
            fallback.standardOutput.contains(
                "OK    display     display.kind = auto draws through the framebuffer /dev/fb9, as there is no DRM card."
            ))
        #expect(fallback.standardOutput.contains("FAIL  display     Cannot open /dev/fb9"))
    }

    @Test func aSmallDisplayOnAMissingBusSaysWhichKeyToChange() async throws {
        let kiosk = try await KioskFixture.start(
            extra: "[display]\nkind = \"hd44780\"\nbus = 9\naddress = 0x27\n")
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["doctor"])
        #expect(result.exitCode == 1)
        #expect(
            result.standardOutput.contains(
                "FAIL  display     Cannot open /dev/i2c-9 for the device at 0x27: "))
        #expect(result.standardOutput.contains("or set display.bus to a bus that exists."))
    }

    @Test func anInvalidConfigIsTheFirstFailure() async throws {
        let kiosk = try await KioskFixture.start(extra: "[display]\ncycle_seconds = 0\n")
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["doctor"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.hasPrefix("FAIL  config"))
        #expect(result.standardOutput.contains("display.cycle_seconds must be"))
    }
}
