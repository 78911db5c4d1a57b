public import FoundationEssentials
public import KioskCore
import Synchronization

/// A `FileStore` in memory, for tests that need a state directory but no disk: nothing to
/// create or remove, nothing left behind. It keeps the parts of the contract a test can
/// see: whole files up to a limit, atomic replacement, a lock that writers take in turn,
/// files moved aside (`NAME.corrupt-SECONDS`, the newest three kept) rather than lost, and
/// failures as sentences that name the file (`failWrites`).
public final class InMemoryFileStore: FileStore, Sendable {
    private struct File {
        var contents: [UInt8]
        var isPrivate = false
    }

    /// The directory the files pretend to be in.
    public let directory: String
    private let files = Mutex<[String: File]>([:])
    private let writeFailure = Mutex<String?>(nil)

    /// An empty store "in" `directory`.
    public init(directory: String = "/state") {
        self.directory = directory
    }

    /// The file `name` as it is now; nil when there is none.
    public func contents(of name: String) -> [UInt8]? {
        files.withLock { $0[name]?.contents }
    }

    /// Puts `contents` at `name`, as another writer (or a damaged disk) would.
    public func put(_ contents: [UInt8], at name: String) {
        files.withLock { $0[name] = File(contents: contents) }
    }

    /// The names of the files, sorted.
    public var names: [String] { files.withLock { $0.keys.sorted() } }

    /// Makes every write fail with `message` (a full disk, a read-only directory) until it
    /// is called with nil.
    public func failWrites(_ message: String?) {
        writeFailure.withLock { $0 = message }
    }

    /// Whether `name` exists.
    public func exists(_ name: String) -> Bool {
        files.withLock { $0[name] != nil }
    }

    /// The file `name`; nil when there is none.
    /// - Throws: `FileStoreError` for a file over `limit`.
    public func read(_ name: String, limit: Int, requiringSafety: Bool) throws(FileStoreError)
        -> [UInt8]?
    {
        let contents = files.withLock { $0[name]?.contents }
        return try Self.checked(contents, limit: limit, path: path(of: name))
    }

    /// Replaces `name`.
    /// - Throws: `FileStoreError` while `failWrites` is set.
    public func write(_ contents: [UInt8], to name: String) throws(FileStoreError) {
        try withLock { locked throws(FileStoreError) in
            try locked.write(contents, to: name, privately: false)
        }
    }

    /// Moves `name` aside when it still holds `contents`.
    public func moveAside(_ name: String, holding contents: [UInt8], now: Date) -> String? {
        files.withLock {
            Self.moveAside(name, holding: contents, now: now, in: &$0, directory: directory)
        }
    }

    /// Runs `body` holding the store's lock.
    /// - Throws: what `body` throws.
    public func withLock<Value>(
        _ body: (any LockedFileStore) throws(FileStoreError) -> Value
    ) throws(FileStoreError) -> Value {
        let failure = writeFailure.withLock { $0 }
        // The body's value stays on this task; only the files cross into the lock.
        nonisolated(unsafe) var outcome: Result<Value, FileStoreError>?
        files.withLock { files in
            let locked = Locked(files: files, directory: directory, writeFailure: failure)
            outcome = Result { () throws(FileStoreError) in try body(locked) }
            files = locked.files
        }
        return try outcome!.get()
    }

    private static func checked(_ contents: [UInt8]?, limit: Int, path: String)
        throws(FileStoreError) -> [UInt8]?
    {
        guard let contents, contents.count > limit else { return contents }
        throw FileStoreError(
            path: path, message: "\(path) is larger than \(limit) bytes; it is not read.")
    }

    private static func moveAside(
        _ name: String, holding contents: [UInt8], now: Date, in files: inout [String: File],
        directory: String
    ) -> String? {
        guard files[name]?.contents == contents else { return nil }
        let prefix = "\(name).corrupt-"
        let aside = prefix + String(Int(now.timeIntervalSince1970))
        files[aside] = files.removeValue(forKey: name)
        let copies = files.keys.filter { $0.hasPrefix(prefix) }.sorted()
        for old in copies.dropLast(3) { files[old] = nil }
        return "\(directory)/\(aside)"
    }

    /// The files while the lock is held: a copy, written back when the body ends.
    private final class Locked: LockedFileStore {
        var files: [String: File]
        let directory: String
        let writeFailure: String?

        init(files: [String: File], directory: String, writeFailure: String?) {
            self.files = files
            self.directory = directory
            self.writeFailure = writeFailure
        }

        func read(_ name: String, limit: Int) throws(FileStoreError) -> [UInt8]? {
            try InMemoryFileStore.checked(
                files[name]?.contents, limit: limit, path: "\(directory)/\(name)")
        }

        func write(_ contents: [UInt8], to name: String, privately: Bool)
            throws(FileStoreError)
        {
            if let writeFailure {
                throw FileStoreError(path: "\(directory)/\(name)", message: writeFailure)
            }
            files[name] = File(contents: contents, isPrivate: privately)
        }

        func isPrivate(_ name: String) -> Bool { files[name]?.isPrivate == true }

        func moveAside(_ name: String, holding contents: [UInt8], now: Date) -> String? {
            InMemoryFileStore.moveAside(
                name, holding: contents, now: now, in: &files, directory: directory)
        }
    }
}
