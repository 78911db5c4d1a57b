import FoundationEssentials
import Glibc
import KioskConfig
import KioskCore
import KioskDaemon
import KioskDisplays
import KioskTesting
import Logging
import Synchronization
import Testing

/// The watchdog's probe answers only when the engine and its worker threads do.
@Suite struct WatchdogTests {
    @Test func aStuckFileWorkerStopsTheProbe() async throws {
        let stateFiles = InMemoryFileStore()
        var configuration = KioskConfiguration()
        configuration.stateDirectory = stateFiles.directory
        configuration.sensor.kind = .none
        let time = ManualTimeSource()
        let files = FileWorker()
        var logger = Logger(label: "watchdog")
        logger.logLevel = .critical
        let parts = KioskEngine.Parts(
            time: time, transport: NoNetwork(),
            makeDisplay: { _, onFrame in
                DisplayWorker(
                    open: {
                        try PixelPageDisplay(
                            RecordingDisplay(size: PixelSize(width: 80, height: 48)))
                    },
                    time: time, onFrame: onFrame)
            },
            makeSensor: { _ in nil }, files: files, stateFiles: stateFiles,
            notifier: SystemdNotifier(environment: [:]),
            host: { HostInfo(name: "test", addresses: []) }, logger: logger, seed: 1)
        let engine = KioskEngine(
            start: KioskEngine.Start(
                configuration: configuration, configProblems: [],
                store: ConfigStore(explicitPath: KioskEngine.testConfigPath, environment: [:]),
                restored: nil, history: IndoorHistory(), forecasts: []),
            parts: parts)
        let running = Task { await engine.run() }
        for _ in 0..<500 where !(await engine.heartbeat()) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await engine.responsive())

        // The file thread blocks in a read, as on an SD card that stopped answering.
        var gate: [Int32] = [0, 0]
        #expect(pipe(&gate) == 0)
        let gateRead = gate[0]
        let stuck = Task {
            await files.run {
                var byte: UInt8 = 0
                _ = read(gateRead, &byte, 1)
            }
        }
        let answered = Mutex(false)
        let probe = Task {
            let answer = await engine.responsive()
            answered.withLock { $0 = true }
            return answer
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(!answered.withLock { $0 }, "the probe waits while the file thread is stuck")
        #expect(await engine.heartbeat(), "the engine itself still answers")
        var byte: UInt8 = 1
        #expect(write(gate[1], &byte, 1) == 1)
        await stuck.value
        #expect(await probe.value)
        close(gate[0])
        close(gate[1])
        await engine.stop()
        await running.value
    }
}
