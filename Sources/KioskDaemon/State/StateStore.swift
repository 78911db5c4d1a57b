import FoundationEssentials
public import KioskCore
import LinuxPlatform
import Synchronization

/// What the kiosk keeps in `state_dir` besides the forecast cache: the last slide and the
/// recently viewed favourites (`state.json`), the 24-hour indoor history
/// (`indoor-history.json`) and the `[[sensors]]`' (`sensor-history.json`). Written atomically, and only when the content changed: the SD
/// card is small and wears. Read and written through a `FileStore` (on the Pi,
/// `StateDirectoryStore`: never through a link, never in a directory another user could
/// write).
public final class StateStore: Sendable {
    /// The state directory's files.
    public let files: any FileStore
    private let lastWritten = Mutex<[String: [UInt8]]>([:])
    static let stateName = "state.json"
    static let historyName = "indoor-history.json"
    static let sensorHistoryName = "sensor-history.json"
    static let airQualityName = "air-quality.json"

    /// A store over `files`.
    public init(files: any FileStore) {
        self.files = files
    }

    /// A store in the state directory at `directory`.
    public convenience init(directory: String) {
        self.init(files: StateDirectoryStore(directory))
    }

    /// The state directory.
    public var directory: String { files.directory }
    /// `directory/state.json`.
    public var statePath: String { files.path(of: Self.stateName) }
    /// `directory/indoor-history.json`.
    public var historyPath: String { files.path(of: Self.historyName) }

    /// `directory/sensor-history.json`.
    public var sensorHistoryPath: String { files.path(of: Self.sensorHistoryName) }

    /// The persisted state; nil when none was written yet.
    /// - Throws: `FileStoreError` when the file is unreadable or not such a state.
    public func loadState() throws(FileStoreError) -> PersistedKioskState? {
        try load(PersistedKioskState.self, from: Self.stateName)
    }

    /// Writes the state if it differs from what is on disk.
    /// - Throws: `FileStoreError` naming the file.
    public func save(_ state: PersistedKioskState) throws(FileStoreError) {
        try save(state, to: Self.stateName)
    }

    /// The indoor history; empty when none was written yet.
    /// - Throws: `FileStoreError` when the file is unreadable or not a history.
    public func loadHistory() throws(FileStoreError) -> IndoorHistory {
        try load(IndoorHistory.self, from: Self.historyName) ?? IndoorHistory()
    }

    /// Writes the history if it differs from what is on disk.
    /// - Throws: `FileStoreError` naming the file.
    public func save(_ history: IndoorHistory) throws(FileStoreError) {
        try save(history, to: Self.historyName)
    }

    /// The `[[sensors]]`' histories; none when none was written yet.
    /// - Throws: `FileStoreError` when the file is unreadable or not such histories.
    public func loadSensorHistory() throws(FileStoreError) -> SensorHistoryArchive {
        try load(SensorHistoryArchive.self, from: Self.sensorHistoryName) ?? SensorHistoryArchive()
    }

    /// Writes the `[[sensors]]`' histories if they differ from what is on disk.
    /// - Throws: `FileStoreError` naming the file.
    public func save(_ archive: SensorHistoryArchive) throws(FileStoreError) {
        try save(archive, to: Self.sensorHistoryName)
    }

    /// `directory/air-quality.json`.
    public var airQualityPath: String { files.path(of: Self.airQualityName) }

    /// The air quality kept from the last good answer; none when none was written yet.
    /// - Throws: `FileStoreError` when the file is unreadable or not such a file (it is
    ///   moved aside).
    public func loadAirQuality() throws(FileStoreError) -> [AirQualityEntry] {
        try load(AirQualityFile.self, from: Self.airQualityName)?.entries ?? []
    }

    /// Writes the air quality if it differs from what is on disk.
    /// - Throws: `FileStoreError` naming the file.
    public func save(_ airQuality: [AirQualityEntry]) throws(FileStoreError) {
        try save(AirQualityFile(version: 1, entries: airQuality), to: Self.airQualityName)
    }

    /// `air-quality.json`: a version, then the entries.
    private struct AirQualityFile: Codable {
        var version: Int
        var entries: [AirQualityEntry]
    }

    private func load<Value: Decodable>(_ type: Value.Type, from name: String)
        throws(FileStoreError) -> Value?
    {
        let path = files.path(of: name)
        guard let bytes = try files.read(name, limit: 4 << 20) else { return nil }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            let value = try decoder.decode(Value.self, from: Data(bytes))
            lastWritten.withLock { $0[name] = bytes }
            return value
        } catch {
            if let aside = files.moveAside(name, holding: bytes, now: Date()) {
                throw FileStoreError(
                    path: path,
                    message:
                        "\(path) is not a state file this version reads: moved it aside to \(aside) (the newest three are kept); a new one will be written."
                )
            }
            throw FileStoreError(
                path: path,
                message:
                    "Ignoring \(path): it is not a state file this version reads; it will be rewritten."
            )
        }
    }

    private func save(_ value: some Encodable, to name: String) throws(FileStoreError) {
        let path = files.path(of: name)
        let bytes: [UInt8]
        do {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .secondsSince1970
            encoder.outputFormatting = [.sortedKeys]
            bytes = Array(try encoder.encode(value))
        } catch {
            throw FileStoreError(
                path: path, message: Sentence.ended("Cannot encode \(path): \(error)"))
        }
        guard lastWritten.withLock({ $0[name] }) != bytes else { return }
        try files.write(bytes, to: name)
        lastWritten.withLock { $0[name] = bytes }
    }
}
