import KioskConfig
import KioskCore
import Testing

/// The `[display]` keys that choose a DRM screen: `connector` and `mode`.
@Suite struct ScreenKeyTests {
    @Test func theConnectorAndModeKeysAreReadAndRefused() {
        let (configuration, problems) = ConfigSchema.resolve(
            [
                (
                    "display",
                    .table([
                        ("kind", .string("drm")), ("connector", .string("HDMI-A-2")),
                        ("mode", .string("1280x720@50")),
                    ])
                )
            ], onto: KioskConfiguration())
        #expect(problems.isEmpty)
        #expect(configuration.display.kind == .drm)
        #expect(configuration.display.connector == "HDMI-A-2")
        #expect(configuration.display.mode == ScreenModeRequest(parsing: "1280x720@50"))
        let (_, refused) = ConfigSchema.resolve(
            [("display", .table([("mode", .string("big"))]))], onto: KioskConfiguration())
        #expect(refused.count == 1)
        #expect(refused.first?.message.contains("WIDTHxHEIGHT@HZ") == true)
    }
}
