import Glibc
import KioskCore

/// A failed file-system operation, as one sentence that names the path, what was being
/// done, the system's reason, and a way out.
public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// The path involved.
    public var path: String
    /// The errno value, 0 when the failure was not a system call's.
    public var errorNumber: Int32
    /// The sentence.
    public var message: String

    /// Creates an error from an errno value, adding a hint for the usual causes.
    public init(_ action: String, path: String, errorNumber: Int32) {
        self.path = path
        self.errorNumber = errorNumber
        var sentence = "Cannot \(action) \(path): \(systemMessage(errorNumber))"
        switch errorNumber {
        case EACCES, EPERM:
            sentence += "; run the command with sudo, or give your user write access to it"
        case EROFS:
            sentence += "; the file system is mounted read-only"
        case ENOSPC, EDQUOT:
            sentence += "; free some space on the disk"
        default:
            break
        }
        message = Sentence.ended(sentence)
    }

    /// Creates an error with a given sentence.
    public init(path: String, message: String) {
        self.path = path
        self.errorNumber = 0
        self.message = message
    }

    /// The sentence.
    public var description: String { message }
}

/// Reading and atomically replacing whole files.
public enum FileSystem {
    /// The directory part of `path` ("." for a bare name).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    public static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Opens `path` for appending (created with mode 0640 when missing), for a log file.
    /// - Returns: the descriptor, which the caller owns; nil when it cannot be opened.
    public static func openForAppending(_ path: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o640)
        return descriptor >= 0 ? descriptor : nil
    }

    /// The permission bits of `path` (0o644, …), or nil when it cannot be looked at.
    public static func permissions(of path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode) & 0o7777
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The whole file at `path`, or nil when there is no such file.
    /// - Parameter regularFileOnly: refuse anything but a regular file (a FIFO would block
    ///   the reader until someone writes to it, a device would never end): it is opened
    ///   without blocking and checked before the first read.
    /// - Throws: `FileSystemError` when it exists but cannot be read, is not a regular file
    ///   while one is required, or is over `limit`.
    public static func read(
        _ path: String, limit: Int = 16 << 20, regularFileOnly: Bool = false
    ) throws(FileSystemError) -> [UInt8]? {
        let flags = O_RDONLY | O_CLOEXEC | (regularFileOnly ? O_NONBLOCK : 0)
        let descriptor = retryingInterrupts { open(path, flags) }
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw FileSystemError("read", path: path, errorNumber: errno)
        }
        defer { close(descriptor) }
        if regularFileOnly {
            return try readRegularFile(descriptor, path: path, limit: limit)
        }
        return try readAll(descriptor, path: path, limit: limit)
    }

    /// Everything from `descriptor`, which must be a regular file (checked before the first
    /// read); `path` names it in sentences.
    /// - Throws: `FileSystemError` when it is not a regular file, cannot be read, or is
    ///   over `limit`.
    static func readRegularFile(_ descriptor: Int32, path: String, limit: Int)
        throws(FileSystemError) -> [UInt8]
    {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw FileSystemError("read", path: path, errorNumber: errno)
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw FileSystemError(
                path: path,
                message:
                    "Cannot read \(path): it is \(fileTypeName(type)), not a regular file; put a file there."
            )
        }
        return try readAll(descriptor, path: path, limit: limit)
    }

    private static func readAll(_ descriptor: Int32, path: String, limit: Int)
        throws(FileSystemError) -> [UInt8]
    {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                retryingInterrupts { Glibc.read(descriptor, raw.baseAddress, raw.count) }
            }
            if count < 0 { throw FileSystemError("read", path: path, errorNumber: errno) }
            if count == 0 { return result }
            result += buffer[0..<count]
            if result.count > limit {
                throw FileSystemError(
                    path: path,
                    message:
                        "Cannot read \(path): it is larger than \(limit >> 20) MiB; is it the right file?"
                )
            }
        }
    }

    /// "a FIFO", "a directory", … for a `st_mode & S_IFMT` value.
    static func fileTypeName(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }

    /// Replaces the file at `path` with `contents` so that a crash or power cut at any
    /// instant leaves either the old or the new file, never a mix: a temporary file in the
    /// same directory is written and synced, renamed over `path`, and the directory synced.
    /// A new file gets `mode`; an existing file keeps its mode and, where allowed, its owner.
    /// With `durable` false the syncs are left out: readers still never see half a file,
    /// but after a power cut it may be the old one (right for pictures rewritten every few
    /// seconds, which would otherwise wear an SD card for nothing).
    ///
    /// Only a regular file or a new path is replaced. A symbolic link is followed, so the
    /// file it points to gets the contents and the link stays; a character device or a FIFO
    /// (`/dev/null`, a pipe someone reads) gets them written into it as a stream; a
    /// directory, a socket or a block device is refused.
    /// - Throws: `FileSystemError` naming the path.
    public static func writeAtomically(
        _ contents: [UInt8], to path: String, mode: UInt32 = 0o644, durable: Bool = true
    ) throws(FileSystemError) {
        let path = resolvingLinks(path)
        var existing = stat()
        if stat(path, &existing) == 0 {
            switch existing.st_mode & S_IFMT {
            case S_IFREG:
                break
            case S_IFCHR, S_IFIFO:
                try writeStream(contents, to: path)
                return
            case S_IFDIR:
                throw FileSystemError(
                    path: path,
                    message: "Cannot write \(path): it is a directory; name a file in it.")
            default:
                throw FileSystemError(
                    path: path,
                    message:
                        "Cannot write \(path): it is a socket or a block device, not a file; name a regular file."
                )
            }
        }
        let directory = directory(of: path)
        let (descriptor, temporaryPath) = try createTemporary(for: path, in: directory)
        var renamed = false
        defer { if !renamed { unlink(temporaryPath) } }
        do {
            defer { close(descriptor) }
            if stat(path, &existing) == 0 {
                fchmod(descriptor, existing.st_mode & 0o7777)
                // Only root may keep another user's ownership; otherwise the file becomes
                // the writer's, as with any editor that saves by renaming.
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            } else {
                fchmod(descriptor, mode_t(mode))
            }
            if let writeError = writeChecked(descriptor, contents) {
                throw FileSystemError("write", path: path, errorNumber: writeError)
            }
            if durable, retryingInterrupts({ fsync(descriptor) }) != 0 {
                throw FileSystemError("write", path: path, errorNumber: errno)
            }
        }
        if rename(temporaryPath, path) != 0 {
            throw FileSystemError("replace", path: path, errorNumber: errno)
        }
        renamed = true
        if durable { syncDirectory(directory) }
    }

    /// The file a chain of symbolic links at `path` ends at (a dangling link's target,
    /// too); `path` itself when it is not a link. Gives up after 40 links, as the kernel
    /// does, and returns the last one: the write then fails with the kernel's reason.
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(
                decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : "\(directory(of: current))/\(target)"
        }
        return current
    }

    /// Writes `contents` into an existing character device or FIFO, checking every write
    /// (`/dev/full` fails; a FIFO waits for its reader).
    private static func writeStream(_ contents: [UInt8], to path: String) throws(FileSystemError) {
        let descriptor = retryingInterrupts { open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
        guard descriptor >= 0 else {
            throw FileSystemError("write", path: path, errorNumber: errno)
        }
        if let failure = writeChecked(descriptor, contents) {
            close(descriptor)
            throw FileSystemError("write", path: path, errorNumber: failure)
        }
        if close(descriptor) != 0, errno != EINTR {
            throw FileSystemError("write", path: path, errorNumber: errno)
        }
    }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and EINTR; returns the
    /// errno of a failed write, nil when everything was written.
    public static func writeChecked(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = retryingInterrupts {
                    write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                }
                if written < 0 { return errno }
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
    }

    /// Removes temporary files that writers of `path` killed mid-write left behind. Call it
    /// only while holding the directory's lock, so no live writer's file is removed.
    public static func removeStaleTemporaries(of path: String) {
        let directory = directory(of: path)
        let prefix = ".\(fileName(of: path)).tmp-"
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name.hasPrefix(prefix), name.count == prefix.count + 6 {
                unlink("\(directory)/\(name)")
            }
        }
    }

    /// Creates `path` and any missing parents with `mode`.
    /// - Throws: `FileSystemError` naming the first directory that could not be made.
    public static func createDirectories(_ path: String, mode: UInt32 = 0o755)
        throws(FileSystemError)
    {
        var isDirectory = stat()
        if stat(path, &isDirectory) == 0 {
            guard isDirectory.st_mode & S_IFMT == S_IFDIR else {
                throw FileSystemError(
                    path: path, message: "Cannot use \(path) as a directory: it is a file.")
            }
            return
        }
        let parent = directory(of: path)
        if parent != path, parent != "/", parent != "." {
            try createDirectories(parent, mode: mode)
        }
        if mkdir(path, mode_t(mode)) != 0, errno != EEXIST {
            throw FileSystemError("create the directory", path: path, errorNumber: errno)
        }
    }

    /// Writes `contents` to a new private file `.NAME.SUFFIX` next to `path` (mode 0600)
    /// and returns its path: a scratch copy, such as the one `config edit` opens.
    /// - Throws: `FileSystemError` naming the directory.
    public static func writeScratchCopy(_ contents: [UInt8], nextTo path: String, suffix: String)
        throws(FileSystemError) -> String
    {
        let directory = directory(of: path)
        try createDirectories(directory)
        let (descriptor, temporary) = try createTemporary(for: path, in: directory)
        close(descriptor)
        let scratch = temporary.replacing(".tmp-", with: ".edit-") + suffix
        guard rename(temporary, scratch) == 0 else {
            let failure = errno
            unlink(temporary)
            throw FileSystemError("write", path: scratch, errorNumber: failure)
        }
        do {
            try writeAtomically(contents, to: scratch, mode: 0o600)
        } catch {
            unlink(scratch)
            throw error
        }
        return scratch
    }

    /// Removes a file; a file that is already gone is fine.
    public static func remove(_ path: String) {
        // ENOENT is the only failure that can follow our own create; nothing to report.
        _ = unlink(path)
    }

    /// Creates `.NAME.tmp-XXXXXX` next to `path` with a random suffix, exclusively.
    private static func createTemporary(for path: String, in directory: String)
        throws(FileSystemError) -> (Int32, String)
    {
        try createTemporary(
            named: fileName(of: path), in: directory, relativeTo: AT_FDCWD, reportingAs: path)
    }

    /// Creates `.NAME.tmp-XXXXXX` (mode 0600, exclusively, never through a link) in
    /// `directory`, or directly in the directory `base` is open on when `directory` is nil.
    /// - Returns: the descriptor and the file's path as opened (relative to `base`).
    /// - Throws: `FileSystemError` naming `reportingAs`.
    static func createTemporary(
        named name: String, in directory: String?, relativeTo base: Int32,
        reportingAs path: String
    ) throws(FileSystemError) -> (Int32, String) {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        while true {
            let suffix = String((0..<6).map { _ in alphabet.randomElement(using: &generator)! })
            let candidate = (directory.map { "\($0)/" } ?? "") + ".\(name).tmp-\(suffix)"
            let descriptor = retryingInterrupts {
                openat(
                    base, candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            }
            if descriptor >= 0 { return (descriptor, candidate) }
            if errno != EEXIST { throw FileSystemError("write", path: path, errorNumber: errno) }
        }
    }

    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        // The rename is done; a directory that cannot be synced (some FUSE and network file
        // systems refuse) still holds the new file, so this is best effort by design.
        _ = fsync(descriptor)
        close(descriptor)
    }
}

/// An exclusive `flock` on a directory, held while a closure runs: writers of the same
/// files (two `city add` at once, the daemon and a CLI verb) take turns.
public enum DirectoryLock {
    /// Runs `body` while holding the lock on `directory`, creating the directory if needed.
    /// - Throws: `FileSystemError` when the directory cannot be made or locked, or what
    ///   `body` throws.
    public static func withLock<Result>(
        on directory: String, _ body: () throws -> Result
    ) throws -> Result {
        try FileSystem.createDirectories(directory)
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor < 0 {
            throw FileSystemError("lock", path: directory, errorNumber: errno)
        }
        defer { close(descriptor) }
        if retryingInterrupts({ flock(descriptor, LOCK_EX) }) != 0 {
            throw FileSystemError("lock", path: directory, errorNumber: errno)
        }
        return try body()
    }
}
