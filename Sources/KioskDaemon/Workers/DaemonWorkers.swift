public import FoundationEssentials
public import KioskCore
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

/// The sensors as the daemon owns them: one reader at a time. The `[sensor]` table's
/// BME280 (or the `[[sensors]]`' first indoor Bosch chip) gives the indoor reading; the
/// `[[sensors]]` are read as a set besides.
public actor SensorWorker {
    private var sensor: IndoorSensor?
    private var set: SensorSet?

    /// Wraps a configured sensor.
    public init(sensor: IndoorSensor) { self.sensor = sensor }

    /// Wraps the indoor sensor, if any, and the `[[sensors]]`, if any.
    public init(sensor: IndoorSensor?, set: SensorSet?) {
        self.sensor = sensor
        self.set = set
    }

    /// Whether there is an indoor reading to take besides the set.
    public var hasIndoorSensor: Bool { sensor != nil }

    /// One reading, or the sentence saying why there is none. Warnings (CPU heat
    /// compensation skipped) come with a reading.
    public func read(at time: Date) async -> Result<IndoorSensor.Result, SensorFailure> {
        // The engine asks for one reading at a time, so the copy cannot race another read.
        guard var working = sensor else {
            return .failure(SensorFailure(message: "There is no indoor BME280."))
        }
        defer { sensor = working }
        do {
            return .success(try await working.read(at: time))
        } catch {
            return .failure(SensorFailure(message: "\(error)"))
        }
    }

    /// One reading of every `[[sensors]]` entry; nil without any.
    public func readSet() async -> [SensorSample]? {
        guard var working = set else { return nil }
        defer { set = working }
        return await working.readAll().map { outcome in
            SensorSample(
                entry: outcome.entry,
                result: outcome.result.mapError { SensorProblem($0.description) })
        }
    }
}

/// Why the sensor gave no reading: one sentence.
public struct SensorFailure: Error, Sendable, Hashable {
    /// The sentence.
    public var message: String
}
