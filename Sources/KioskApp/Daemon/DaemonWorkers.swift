public import FoundationEssentials
import KioskCore
import LinuxPlatform
import Logging

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

/// The 3-hour pressure tendency and the spike filter on top of raw readings: what the
/// indoor page shows next to the numbers.
struct IndoorTracker {
    private var pressures = PressureHistory()
    private var spikes = SensorSpikeFilter()
    /// The 24-hour history for the sparklines.
    var history = IndoorHistory()
    /// The latest filtered reading.
    private(set) var latest: SensorReading?

    /// Adds a reading: spikes are filtered, the history and the tendency updated.
    mutating func record(_ reading: SensorReading, elevation: Double?) {
        let filtered = spikes.filter(reading)
        latest = filtered
        history.record(filtered)
        if let elevation {
            pressures.record(filtered.seaLevelPressure(elevation: elevation), at: filtered.time)
        }
    }

    /// Where the sea-level pressure has been heading for three hours, when known.
    var tendency: PressureTendency? { pressures.tendency }
}
