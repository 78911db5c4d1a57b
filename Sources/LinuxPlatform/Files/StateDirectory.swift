public import FoundationEssentials
import Glibc
import KioskCore

/// The kiosk's state directory (`state_dir`), where it keeps its PID lock, the last good
/// copy of the config, the forecast cache and its history. Its files are reached through
/// the open directory (`openat`) and never through a symbolic link at their name
/// (`O_NOFOLLOW`): a link is replaced by a write, never followed, and refused by a read.
/// Nothing is written, and the config's copy is not read, unless the directory belongs to
/// the user the kiosk runs as (or root) and no other user can write it: whoever can put a
/// link there could make the kiosk (often root) overwrite another file, or hand a copy of
/// the config with its secrets to themselves.
public struct StateDirectory: Sendable, Hashable {
    /// The directory's path.
    public let path: String

    /// The state directory at `path`.
    public init(_ path: String) { self.path = path }

    /// The path of the file `name` in it.
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Creates the directory when it is missing and checks that it is safe to write in.
    /// - Throws: `FileSystemError` with the sentence that says how to make it safe.
    public func check() throws(FileSystemError) {
        let directory = try open(creating: true, requiringSafety: true)
        directory.close()
    }

    /// Opens the directory, checked; `body` works in it. The descriptor is closed after.
    /// - Throws: `FileSystemError` when it cannot be made, opened or trusted, or what
    ///   `body` throws.
    public func withOpen<Result>(
        creating: Bool = true, _ body: (OpenStateDirectory) throws(FileSystemError) -> Result
    ) throws(FileSystemError) -> Result {
        let directory = try open(creating: creating, requiringSafety: true)
        defer { directory.close() }
        return try body(directory)
    }

    /// Like `withOpen`, holding an exclusive `flock` on the directory while `body` runs:
    /// writers of the same files (the daemon and a CLI verb) take turns.
    /// - Throws: `FileSystemError`, or what `body` throws.
    public func withLock<Result>(
        _ body: (OpenStateDirectory) throws(FileSystemError) -> Result
    ) throws(FileSystemError) -> Result {
        try withOpen { directory throws(FileSystemError) in
            if retryingInterrupts({ flock(directory.descriptor, LOCK_EX) }) != 0 {
                throw FileSystemError("lock", path: path, errorNumber: errno)
            }
            return try body(directory)
        }
    }

    /// The file `name`, nil when it or the directory does not exist. A link at that name
    /// is refused; with `requiringSafety` (for the config's copy, which the kiosk would
    /// run on) a directory another user could have written to counts as unreadable.
    /// - Throws: `FileSystemError` naming the file.
    public func read(_ name: String, limit: Int, requiringSafety: Bool = false)
        throws(FileSystemError) -> [UInt8]?
    {
        let directory: OpenStateDirectory
        do {
            directory = try open(creating: false, requiringSafety: requiringSafety)
        } catch  where error.errorNumber == ENOENT {
            return nil
        }
        defer { directory.close() }
        return try directory.read(name, limit: limit)
    }

    /// Replaces the file `name` atomically (see `OpenStateDirectory.write`), under the lock.
    /// - Throws: `FileSystemError` naming the file, or the directory's sentence.
    public func write(
        _ contents: [UInt8], to name: String, mode: UInt32 = 0o644, durable: Bool = true
    ) throws(FileSystemError) {
        try withLock { directory throws(FileSystemError) in
            directory.removeStaleTemporaries(of: name)
            try directory.write(contents, to: name, mode: mode, durable: durable)
        }
    }

    /// Moves the unreadable file `name` aside under the lock (see
    /// `OpenStateDirectory.moveAside`); nil when nothing was moved, the lock included.
    public func moveAsideLocking(_ name: String, holding contents: [UInt8], now: Date) -> String? {
        do {
            return try withLock { directory throws(FileSystemError) in
                directory.moveAside(name, holding: contents, now: now)
            }
        } catch {
            // Without the lock (or in a directory that is not safe) a writer might be
            // replacing the file: leave it; the caller's sentence says it was ignored.
            return nil
        }
    }

    private func open(creating: Bool, requiringSafety: Bool) throws(FileSystemError)
        -> OpenStateDirectory
    {
        if creating { try FileSystem.createDirectories(path) }
        let descriptor = retryingInterrupts { Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw FileSystemError("open the state directory", path: path, errorNumber: errno)
        }
        let directory = OpenStateDirectory(path: path, descriptor: descriptor)
        if requiringSafety {
            do {
                try directory.checkSafety()
            } catch {
                directory.close()
                throw error
            }
        }
        return directory
    }
}

/// An open, checked state directory: its files by name, relative to the descriptor.
public struct OpenStateDirectory: Sendable {
    /// The directory's path, for sentences.
    public let path: String
    /// The directory's descriptor.
    public let descriptor: Int32

    fileprivate func close() { _ = Glibc.close(descriptor) }

    /// Refuses a directory that another user owns (root excepted) or that the group or
    /// others may write, with the sentence that says how to fix it.
    fileprivate func checkSafety() throws(FileSystemError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw FileSystemError("look at the state directory", path: path, errorNumber: errno)
        }
        let me = geteuid()
        let owner = info.st_uid
        if owner != me, owner != 0 {
            let user = Self.userName(me)
            throw FileSystemError(
                path: path,
                message:
                    "The state directory \(path) belongs to \(Self.describeUser(owner)), not to \(user), who runs the kiosk: that user could replace the kiosk's files there. Give it to \(user) (`sudo chown -R \(user): \(path)`) or set state_dir to a directory of \(user)'s own; nothing is written there until then."
            )
        }
        let mode = UInt32(info.st_mode) & 0o7777
        if mode & 0o022 != 0 {
            throw FileSystemError(
                path: path,
                message:
                    "The state directory \(path) can be written by other users (mode \(String(mode, radix: 8))): they could replace the kiosk's files there. Make it private (`chmod go-w \(path)`) or set state_dir to a directory of your own; nothing is written there until then."
            )
        }
    }

    /// "user nobody (uid 65534)", or "uid 1234" for an id without a name.
    static func describeUser(_ id: uid_t) -> String {
        let name = userName(id)
        return name == "\(id)" ? "uid \(id)" : "user \(name) (uid \(id))"
    }

    /// The user's name, or the number when it has none.
    static func userName(_ id: uid_t) -> String {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(id, &entry, &buffer, buffer.count, &found) == 0, found != nil,
            let name = entry.pw_name
        else { return "\(id)" }
        return String(cString: name)
    }

    /// The file `name`; nil when there is none. A symbolic link, a FIFO or a device at
    /// that name is refused (opened without following and without blocking).
    /// - Throws: `FileSystemError` naming the file.
    public func read(_ name: String, limit: Int) throws(FileSystemError) -> [UInt8]? {
        let file = "\(path)/\(name)"
        let opened = retryingInterrupts {
            openat(descriptor, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        }
        if opened < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw Self.linkRefused(file) }
            throw FileSystemError("read", path: file, errorNumber: errno)
        }
        defer { _ = Glibc.close(opened) }
        return try FileSystem.readRegularFile(opened, path: file, limit: limit)
    }

    /// Replaces the file `name` with `contents`: a temporary file made here (exclusively,
    /// mode `mode`), synced, renamed over the name and the directory synced, so that a power
    /// cut leaves the old file or the new one. Whatever was at the name (a link included)
    /// is replaced, never written through; the new file is the kiosk's with `mode`. With
    /// `durable` false nothing is synced (a picture rewritten every few seconds).
    /// - Throws: `FileSystemError` naming the file.
    public func write(
        _ contents: [UInt8], to name: String, mode: UInt32 = 0o644, durable: Bool = true
    ) throws(FileSystemError) {
        let file = "\(path)/\(name)"
        let (temporary, temporaryName) = try FileSystem.createTemporary(
            named: name, in: nil, relativeTo: descriptor, reportingAs: file)
        var renamed = false
        defer { if !renamed { unlinkat(descriptor, temporaryName, 0) } }
        do {
            defer { _ = Glibc.close(temporary) }
            fchmod(temporary, mode_t(mode))
            if let failure = FileSystem.writeChecked(temporary, contents) {
                throw FileSystemError("write", path: file, errorNumber: failure)
            }
            if durable, retryingInterrupts({ fsync(temporary) }) != 0 {
                throw FileSystemError("write", path: file, errorNumber: errno)
            }
        }
        if renameat(descriptor, temporaryName, descriptor, name) != 0 {
            throw FileSystemError("replace", path: file, errorNumber: errno)
        }
        renamed = true
        // The rename is done; a directory that cannot be synced still holds the new file.
        if durable { _ = fsync(descriptor) }
    }

    /// Opens (creating with `mode` when missing) the file `name` for reading and writing,
    /// without following a link: for a lock file. It must be a regular file of this user
    /// with no other name (a hard link to someone else's file is refused).
    /// - Returns: the descriptor, which the caller owns.
    /// - Throws: `FileSystemError` naming the file.
    public func openForUpdate(_ name: String, mode: UInt32) throws(FileSystemError) -> Int32 {
        let file = "\(path)/\(name)"
        let opened = retryingInterrupts {
            openat(descriptor, name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode_t(mode))
        }
        if opened < 0 {
            if errno == ELOOP { throw Self.linkRefused(file) }
            throw FileSystemError("open", path: file, errorNumber: errno)
        }
        var info = stat()
        guard fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            info.st_uid == geteuid(), info.st_nlink == 1
        else {
            _ = Glibc.close(opened)
            throw FileSystemError(
                path: file,
                message:
                    "Cannot use \(file): it is not a file of the kiosk's own (another owner, another kind of file, or a second name of another file); remove it."
            )
        }
        return opened
    }

    /// The permission bits of the file `name` itself (a link's own, not its target's); nil
    /// when there is nothing at that name.
    public func permissions(of name: String) -> UInt32? {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return UInt32(info.st_mode) & 0o7777
    }

    /// Removes temporary files that writers of `name` killed mid-write left behind. Call it
    /// only while holding the directory's lock, so no live writer's file is removed.
    public func removeStaleTemporaries(of name: String) {
        let prefix = ".\(name).tmp-"
        for entry in entries() where entry.hasPrefix(prefix) && entry.count == prefix.count + 6 {
            unlinkat(descriptor, entry, 0)
        }
    }

    /// Moves the unreadable file `name` aside to `name.corrupt-YYYYMMDDTHHMMSSZ`, so that the
    /// next write does not destroy what someone may want to look at, and removes all but the
    /// newest three such copies. Nothing moves when the file no longer holds `contents` (a
    /// writer replaced it meanwhile). Call it holding the lock.
    /// - Returns: the new path, or nil when nothing was moved.
    public func moveAside(_ name: String, holding contents: [UInt8], now: Date) -> String? {
        // A file that cannot be read again, or reads differently, is left where it is: the
        // caller's sentence then says it was ignored, and nothing is lost.
        do {
            guard try read(name, limit: max(contents.count, 1) + 1) == contents else {
                return nil
            }
        } catch {
            return nil
        }
        let target = "\(name).corrupt-\(FileSystem.timestamp(now))"
        guard renameat(descriptor, name, descriptor, target) == 0 else { return nil }
        let prefix = "\(name).corrupt-"
        let copies = entries().filter { $0.hasPrefix(prefix) }.sorted()
        for old in copies.dropLast(FileSystem.keptAsideCopies) { unlinkat(descriptor, old, 0) }
        return "\(path)/\(target)"
    }

    /// The names in the directory ("." and ".." left out).
    private func entries() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { _ = Glibc.close(copy) }
            return []
        }
        rewinddir(stream)
        return FileSystem.names(closing: stream)
    }

    private static func linkRefused(_ file: String) -> FileSystemError {
        FileSystemError(
            path: file,
            message:
                "Cannot use \(file): it is a symbolic link, and the kiosk follows none in its state directory; remove it."
        )
    }
}
