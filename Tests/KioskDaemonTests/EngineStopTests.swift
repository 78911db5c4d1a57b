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
    /// A network that never answers; it notes whether its task was cancelled.
    final class HangingTransport: HTTPTransport {
        let started: AsyncStream<Void>
        private let start: AsyncStream<Void>.Continuation
        let sawCancellation = Mutex(false)

        init() { (started, start) = AsyncStream.makeStream(of: Void.self) }

        func get(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
            start.yield()
            do {
                try await Task.sleep(for: .seconds(24 * 3600))
            } catch {
                sawCancellation.withLock { $0 = true }
            }
            throw HTTPTransportError(kind: .timedOut, url: request.url, message: "cancelled")
        }
    }

    @Test func stopCancelsAFetchInFlight() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let transport = HangingTransport()
        let engine = KioskEngine.forTesting(
            cities: [City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))],
            directory: directory, transport: transport, time: ManualTimeSource())
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
