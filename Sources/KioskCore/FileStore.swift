public import FoundationEssentials

/// Files kept by name in one directory: the kiosk's state directory, where it keeps its
/// state, the indoor history, the forecast cache and the last good copy of its config. The
/// real store is `StateDirectoryStore` (LinuxPlatform), the in-memory one for tests
/// `InMemoryFileStore` (KioskTesting).
///
/// The contract:
/// - `read` gives the whole file, or nil when it or the directory does not exist; a file
///   over `limit` bytes, or one that is not a plain file, is an error;
/// - `write` replaces a file atomically: a reader sees the old contents or the new, never a
///   mix, even after a power cut;
/// - writers take turns: `write`, `moveAside` and `withLock` hold the store's lock, which
///   another process writing the same files (a CLI verb beside the daemon) honours too;
///   inside `withLock` the `LockedFileStore` works without taking it again;
/// - a file that cannot be read is moved aside (`NAME.corrupt-TIME`, the newest three kept)
///   rather than overwritten;
/// - every failure is a `FileStoreError` whose sentence names the file and how to fix it.
public protocol FileStore: Sendable {
    /// The directory's path, for sentences and paths.
    var directory: String { get }

    /// Whether anything is at `name`.
    func exists(_ name: String) -> Bool

    /// The file `name`, nil when it or the directory does not exist. With
    /// `requiringSafety` (a file the kiosk would run on) a directory another user could
    /// write in counts as unreadable.
    /// - Throws: `FileStoreError` naming the file.
    func read(_ name: String, limit: Int, requiringSafety: Bool) throws(FileStoreError)
        -> [UInt8]?

    /// Replaces the file `name` with `contents`, atomically, holding the lock.
    /// - Throws: `FileStoreError` naming the file.
    func write(_ contents: [UInt8], to name: String) throws(FileStoreError)

    /// Moves the unreadable file `name` aside, holding the lock; nothing moves when it no
    /// longer holds `contents`.
    /// - Returns: the new path, or nil when nothing was moved.
    func moveAside(_ name: String, holding contents: [UInt8], now: Date) -> String?

    /// Runs `body` holding the lock: a read, a decision and a write that no other writer
    /// comes between.
    /// - Throws: `FileStoreError` when the lock cannot be had, or what `body` throws.
    func withLock<Value>(
        _ body: (any LockedFileStore) throws(FileStoreError) -> Value
    ) throws(FileStoreError) -> Value
}

extension FileStore {
    /// The path of the file `name`.
    public func path(of name: String) -> String { "\(directory)/\(name)" }

    /// The file `name`, nil when it or the directory does not exist.
    /// - Throws: `FileStoreError` naming the file.
    public func read(_ name: String, limit: Int) throws(FileStoreError) -> [UInt8]? {
        try read(name, limit: limit, requiringSafety: false)
    }
}

/// A `FileStore` while its lock is held: the same files, without taking the lock again.
public protocol LockedFileStore {
    /// The file `name`, nil when there is none.
    /// - Throws: `FileStoreError` naming the file.
    func read(_ name: String, limit: Int) throws(FileStoreError) -> [UInt8]?

    /// Replaces the file `name` atomically; `privately` makes it readable by its owner
    /// alone (a copy of the config, which may hold an API key).
    /// - Throws: `FileStoreError` naming the file.
    func write(_ contents: [UInt8], to name: String, privately: Bool) throws(FileStoreError)

    /// Whether the file `name` is readable by its owner alone.
    func isPrivate(_ name: String) -> Bool

    /// Moves the unreadable file `name` aside (see `FileStore.moveAside`).
    /// - Returns: the new path, or nil when nothing was moved.
    func moveAside(_ name: String, holding contents: [UInt8], now: Date) -> String?
}

/// A file of a `FileStore` that could not be read or written: the sentence names it and
/// says how to fix it.
public struct FileStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or directory.
    public var path: String
    /// The sentence.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The sentence.
    public var description: String { message }
}
