import LinuxPlatform
import Testing

@Suite struct ProcessMemoryTests {
    @Test func glibcTakesTheLongRunSettings() {
        #expect(ProcessMemory.configureForLongRun())
    }
}
