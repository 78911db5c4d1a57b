public import FoundationEssentials
public import KioskCore
import LinuxPlatform

/// The last good forecast for each location, with when it was fetched: in
/// `state_dir/forecasts.json`, written atomically, read at start-up so that the first frame
/// never waits for the network. A failed fetch never touches it.
public struct ForecastCache: Sendable {
    /// How long a forecast counts as fresh: no refetch within this time.
    public static let freshness: TimeInterval = 20 * 60
    /// How long an entry for a location no longer asked for is kept.
    static let retention: TimeInterval = 24 * 3600
    /// Largest cache file read.
    static let sizeLimit = 8 << 20

    /// One location's forecast, as the reducer keeps it.
    public typealias Entry = ForecastEntry

    /// The state directory's files.
    public let files: any FileStore
    static let name = "forecasts.json"

    /// The cache in `files`.
    public init(files: any FileStore) { self.files = files }

    /// The cache in the state directory at `directory`.
    public init(directory: String) { self.init(files: StateDirectoryStore(directory)) }

    /// The state directory.
    public var directory: String { files.directory }

    /// `directory/forecasts.json`.
    public var path: String { files.path(of: Self.name) }

    private struct File: Codable {
        var version: Int
        var entries: [Entry]
    }

    /// Every cached entry. A missing file is an empty cache; a file that is not a cache
    /// this build reads is moved aside (`forecasts.json.corrupt-TIME`, the newest three
    /// kept) before anything overwrites it.
    /// - Throws: `FileStoreError` when the file cannot be read or is not a cache file; the
    ///   caller goes on without a cache and says so.
    public func load() throws(FileStoreError) -> [Entry] {
        try decode(
            files.read(Self.name, limit: Self.sizeLimit),
            movingAside: { bytes in files.moveAside(Self.name, holding: bytes, now: Date()) })
    }

    private func decode(_ bytes: [UInt8]?, movingAside: ([UInt8]) -> String?)
        throws(FileStoreError) -> [Entry]
    {
        guard let bytes else { return [] }
        let problem: String
        do {
            let file = try Self.decoder.decode(File.self, from: Data(bytes))
            if file.version == 1 { return file.entries }
            problem = "it is version \(file.version), this build reads version 1"
        } catch {
            problem = "it is not a forecast cache (\(error))"
        }
        if let aside = movingAside(bytes) {
            throw FileStoreError(
                path: path,
                message:
                    "The forecast cache \(path) could not be used, \(problem): moved it aside to \(aside) (the newest three are kept); a new one is written on the next fetch."
            )
        }
        throw FileStoreError(
            path: path,
            message:
                "Ignoring the forecast cache \(path): \(problem); it will be rewritten on the next fetch."
        )
    }

    /// Merges `fresh` into the cache: their locations are replaced, other entries kept for a
    /// day. Serialised with other writers by the directory lock; written atomically.
    /// - Throws: `FileStoreError` naming the state directory when it cannot be written.
    public func store(_ fresh: [Entry], now: Date) throws(FileStoreError) {
        try files.withLock { directory throws(FileStoreError) in
            let existing: [Entry]
            do {
                // The lock is held: a corrupt cache is moved aside without taking it again.
                existing = try decode(
                    directory.read(Self.name, limit: Self.sizeLimit),
                    movingAside: { bytes in directory.moveAside(Self.name, holding: bytes, now: now)
                    })
            } catch {
                // A corrupt cache is what this write replaces; nothing in it to keep.
                existing = []
            }
            let kept = existing.filter { old in
                !fresh.contains { Self.sameKey($0.coordinate, old.coordinate) }
                    && now.timeIntervalSince(old.fetchedAt) < Self.retention
            }
            let data: Data
            do {
                data = try Self.encoder.encode(File(version: 1, entries: fresh + kept))
            } catch {
                throw FileStoreError(
                    path: path,
                    message: Sentence.ended("Cannot write the forecast cache \(path): \(error)"))
            }
            try directory.write(Array(data), to: Self.name, privately: false)
        }
    }

    /// Two coordinates name the same cache entry when they agree to 4 decimals (~11 m).
    static func sameKey(_ a: Coordinate, _ b: Coordinate) -> Bool {
        ForecastEntry.sameKey(a, b)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}

extension ForecastEntry {
    /// Whether it is younger than `ForecastCache.freshness` at `now`.
    public func isFresh(at now: Date) -> Bool {
        let age = now.timeIntervalSince(fetchedAt)
        return age >= 0 && age < ForecastCache.freshness
    }
}
