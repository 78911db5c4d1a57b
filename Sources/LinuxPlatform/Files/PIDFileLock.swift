import Glibc

/// An exclusive `flock` on a file that holds the owner's PID: held for the owner's life
/// (the kernel lets go when the process ends, even by SIGKILL), so a second process can
/// name the first.
public final class PIDFileLock: Sendable {
    /// Why the lock was not taken.
    public enum Failure: Error, Sendable {
        /// Another process holds it; its PID when the file says.
        case held(by: Int32?)
        /// The file could not be made or locked.
        case file(FileSystemError)
    }

    /// The lock file.
    public let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes the lock on the file `name` in `directory` (created with mode 0644 when
    /// missing; never through a link, see `OpenStateDirectory.openForUpdate`) and writes
    /// this process's PID in it.
    /// - Throws: `Failure.held` when another process holds it, `Failure.file` when the
    ///   directory cannot be trusted or the file cannot be made or locked.
    public static func acquire(_ name: String, in directory: StateDirectory) throws(Failure)
        -> PIDFileLock
    {
        let path = directory.file(name)
        let descriptor: Int32
        do {
            descriptor = try directory.withOpen { opened throws(FileSystemError) in
                try opened.openForUpdate(name, mode: 0o644)
            }
        } catch {
            throw .file(error)
        }
        guard retryingInterrupts({ flock(descriptor, LOCK_EX | LOCK_NB) }) == 0 else {
            let failure = errno
            let owner = Self.owner(descriptor)
            close(descriptor)
            guard failure == EWOULDBLOCK else {
                throw .file(FileSystemError("lock", path: path, errorNumber: failure))
            }
            throw .held(by: owner)
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        // The PID is for people and a second process's message; the lock is what counts.
        _ = pwrite(descriptor, text, text.count, 0)
        return PIDFileLock(path: path, descriptor: descriptor)
    }

    /// Lets go of the lock (the file stays: removing it would race a starting process).
    public func release() {
        close(descriptor)
    }

    private static func owner(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        return Int32(String(text.prefix { $0.isASCII && $0.isNumber }))
    }
}
