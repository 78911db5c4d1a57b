public import FoundationEssentials
import KioskCore
import LinuxPlatform
import Logging
import Threads

/// File work for the daemon — the forecast cache, state, history, the config — on a thread
/// of its own: `fsync` on an SD card can take a second, and the cooperative pool must not
/// wait for it.
public actor FileWorker {
    private let executor = DedicatedThreadExecutor()
    /// Runs this actor on its own thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// A worker with its own thread.
    public init() {}

    /// Runs `work` on the file thread.
    public func run<Value: Sendable>(_ work: @Sendable () throws -> Value) rethrows -> Value {
        try work()
    }

    /// Stops the thread once queued work is done.
    public func stop() { executor.shutdown() }
}

/// The indoor sensor as the daemon owns it: one reader at a time.
public actor SensorWorker {
    private var sensor: IndoorSensor

    /// Wraps a configured sensor.
    public init(sensor: IndoorSensor) { self.sensor = sensor }

    /// One reading, or the sentence saying why there is none. Warnings (CPU heat
    /// compensation skipped) come with a reading.
    public func read(at time: Date) async -> Result<IndoorSensor.Result, SensorFailure> {
        // The engine asks for one reading at a time, so the copy cannot race another read.
        var working = sensor
        defer { sensor = working }
        do {
            return .success(try await working.read(at: time))
        } catch {
            return .failure(SensorFailure(message: "\(error)"))
        }
    }
}

/// Why the sensor gave no reading: one sentence.
public struct SensorFailure: Error, Sendable, Hashable {
    /// The sentence.
    public var message: String
}
