import KioskCore
import Testing

/// Every display key applies to the running kiosk: those the display is opened with open it
/// again, the rest take effect on the next frame or tick (issue 28 point 2).
@Suite struct KioskStateLiveConfigTests {
    /// One change of a display key each, and whether it opens the display again.
    static let changes: [(String, @Sendable (inout KioskConfiguration) -> Void, Bool)] = [
        ("display.rotate", { $0.display.rotate = .clockwise }, true),
        ("display.connector", { $0.display.connector = "HDMI-A-2" }, true),
        ("display.mode", { $0.display.mode = ScreenModeRequest(parsing: "1280x720") }, true),
        ("display.size", { $0.display.size = PixelSize(width: 480, height: 320) }, true),
        ("display.kind", { $0.display.kind = .png }, true),
        ("display.columns", { $0.display.columns = 20 }, true),
        ("display.rows", { $0.display.rows = 4 }, true),
        ("display.address", { $0.display.address = 0x3F }, true),
        ("display.bus", { $0.display.bus = 3 }, true),
        ("display.width", { $0.display.width = 64 }, true),
        ("display.height", { $0.display.height = 32 }, true),
        ("display.pin_map", { $0.display.pinMap.backlight = 7 }, true),
        ("display.mirror_png", { $0.display.mirrorPNG = "/tmp/mirror.png" }, true),
        ("sensor.bus (an LCD on the sensor's bus)", { $0.sensor.bus = 2 }, true),
        ("board", { $0.board = "raspberry-pi-4" }, true),
        ("display.theme", { $0.display.theme = .light }, false),
        ("display.pages", { $0.display.pages = [.city] }, false),
        ("display.cycle_seconds", { $0.display.cycleSeconds = 40 }, false),
        (
            "display.night",
            {
                $0.display.night = NightWindow(
                    from: TimeOfDay("23:00")!, to: TimeOfDay("06:00")!, mode: .dim)
            }, false
        ),
    ]

    @Test(arguments: changes.indices)
    func aDisplayKeyChangeReopensTheDisplayOnlyWhenItMust(_ index: Int) {
        let (key, change, reopens) = Self.changes[index]
        let clock = TestClock()
        var configuration = KioskConfiguration()
        configuration.cities = [
            City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))
        ]
        var state = KioskState(settings: KioskSettings(configuration), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        change(&configuration)
        let effects = state.handle(.configChanged(KioskSettings(configuration)), at: clock.now)
        #expect(effects.contains(.reopenDisplay) == reopens, "\(key)")
        #expect(effects.contains(.render), "\(key) is drawn")
    }
}
