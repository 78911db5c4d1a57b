import FoundationEssentials
import KioskCore
import KioskTesting
import Logging
import Synchronization
import Testing

@testable import KioskDaemon

/// `stop()` cancels the effects the engine started: a fetch that hangs ends with the kiosk,
/// it does not outlive it.
@Suite struct EngineStopTests {
    @Test func stopCancelsAFetchInFlight() async throws {
        let transport = HangingTransport()
        let engine = KioskEngine.forTesting(
            cities: [City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))],
            transport: transport, time: ManualTimeSource())
        let running = Task { await engine.run() }
        // Without a cache the first refresh goes out at once, and hangs.
        var started = transport.started.makeAsyncIterator()
        _ = await started.next()
        #expect(await engine.effectsInFlight == 1)
        await engine.stop()
        await running.value
        #expect(await engine.effectsInFlight == 0)
        // The cancelled task gets to run its handler; wait for it without a clock.
        for _ in 0..<1000 where !transport.sawCancellation.withLock({ $0 }) {
            await Task.yield()
        }
        #expect(transport.sawCancellation.withLock { $0 }, "the fetch's task saw the stop")
    }
}
