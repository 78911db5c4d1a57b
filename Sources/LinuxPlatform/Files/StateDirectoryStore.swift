public import FoundationEssentials
public import KioskCore

/// The `FileStore` of a real state directory: `StateDirectory`'s checked, link-refusing,
/// `flock`ed and atomic file work behind the port.
public struct StateDirectoryStore: FileStore {
    /// The directory.
    public let state: StateDirectory

    /// The store in the directory at `path` (made when first written).
    public init(_ path: String) { state = StateDirectory(path) }

    /// The directory's path.
    public var directory: String { state.path }

    /// Whether anything is at `name` (a link included).
    public func exists(_ name: String) -> Bool {
        FileSystem.exists(state.file(name))
    }

    /// The file `name` (see `StateDirectory.read`).
    /// - Throws: `FileStoreError` naming the file.
    public func read(_ name: String, limit: Int, requiringSafety: Bool) throws(FileStoreError)
        -> [UInt8]?
    {
        do {
            return try state.read(name, limit: limit, requiringSafety: requiringSafety)
        } catch {
            throw FileStoreError(error)
        }
    }

    /// Replaces `name` (see `StateDirectory.write`).
    /// - Throws: `FileStoreError` naming the file.
    public func write(_ contents: [UInt8], to name: String) throws(FileStoreError) {
        do {
            try state.write(contents, to: name)
        } catch {
            throw FileStoreError(error)
        }
    }

    /// Moves `name` aside under the lock (see `StateDirectory.moveAsideLocking`).
    public func moveAside(_ name: String, holding contents: [UInt8], now: Date) -> String? {
        state.moveAsideLocking(name, holding: contents, now: now)
    }

    /// Runs `body` holding the directory's `flock`.
    /// - Throws: `FileStoreError` when the directory cannot be opened, trusted or locked, or
    ///   what `body` throws.
    public func withLock<Value>(
        _ body: (any LockedFileStore) throws(FileStoreError) -> Value
    ) throws(FileStoreError) -> Value {
        // `body`'s own error passes through the directory's error type unchanged.
        let outcome: Result<Value, FileStoreError>
        do {
            outcome = try state.withLock { directory throws(FileSystemError) in
                Result { () throws(FileStoreError) in try body(Locked(directory: directory)) }
            }
        } catch {
            throw FileStoreError(error)
        }
        return try outcome.get()
    }

    /// The open, locked directory behind `LockedFileStore`.
    private struct Locked: LockedFileStore {
        let directory: OpenStateDirectory

        func read(_ name: String, limit: Int) throws(FileStoreError) -> [UInt8]? {
            do {
                return try directory.read(name, limit: limit)
            } catch {
                throw FileStoreError(error)
            }
        }

        func write(_ contents: [UInt8], to name: String, privately: Bool)
            throws(FileStoreError)
        {
            directory.removeStaleTemporaries(of: name)
            do {
                try directory.write(contents, to: name, mode: privately ? 0o600 : 0o644)
            } catch {
                throw FileStoreError(error)
            }
        }

        func isPrivate(_ name: String) -> Bool {
            directory.permissions(of: name) == 0o600
        }

        func moveAside(_ name: String, holding contents: [UInt8], now: Date) -> String? {
            directory.moveAside(name, holding: contents, now: now)
        }
    }
}

extension FileStoreError {
    /// The port's error for a file system error: its path and sentence.
    public init(_ error: FileSystemError) {
        self.init(path: error.path, message: error.message)
    }
}
