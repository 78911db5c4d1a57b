import LinuxPlatform
import Testing

/// Linux input key codes by name and by number, as `[buttons]` keys give them.
@Suite struct InputKeyCodeTests {
    @Test func keyCodesByNameAndNumber() {
        #expect(InputKeyCode.code("KEY_RIGHT") == 106)
        #expect(InputKeyCode.code("key_enter") == 28)
        #expect(InputKeyCode.code("352") == 352)
        #expect(InputKeyCode.code("0") == nil)
        #expect(InputKeyCode.code("KEY_NOPE") == nil)
        #expect(InputKeyCode.name(0x160) == "KEY_OK")
        #expect(InputKeyCode.name(700) == "700")
    }
}
