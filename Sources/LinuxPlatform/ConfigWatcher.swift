import Glibc
import Synchronization
import Threads

/// Watches the config file through inotify on its directory, so that every way of changing
/// it counts: `config set` and `config edit` (rename over it), `city add`, a plain `vim`
/// (rename or write in place), `cp`, even deleting it. One dedicated thread waits in `poll`;
/// `changes` yields once per burst of events that concern the file (the consumer debounces).
public final class ConfigWatcher: Sendable {
    /// Yields whenever the file may have changed.
    public let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let inotify: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let closed = Mutex(false)

    /// Starts watching `path`.
    /// - Throws: `DeviceError` when inotify cannot watch the file's directory (the kiosk
    ///   then reloads on SIGHUP and `reload` only).
    public init(path: String) throws(DeviceError) {
        let directory = FileSystem.directory(of: path)
        let name = FileSystem.fileName(of: path)
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        inotify = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard inotify >= 0 else {
            throw DeviceError(
                "watch", device: directory, errorNumber: errno,
                hint: "raise fs.inotify.max_user_instances")
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(inotify, directory, mask) >= 0 else {
            let failure = errno
            close(inotify)
            throw DeviceError("watch", device: directory, errorNumber: failure)
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            let failure = errno
            close(inotify)
            throw DeviceError("watch", device: directory, errorNumber: failure)
        }
        pipeEnds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        let work = WatchLoop(
            inotify: inotify, wake: wakeRead, name: name, continuation: continuation)
        let started = DedicatedThread.start { work.run() }
        if started != 0 {
            close(inotify)
            close(wakeRead)
            close(wakeWrite)
            throw DeviceError("watch", device: directory, errorNumber: started)
        }
    }

    /// Stops the thread and ends `changes`.
    public func stop() {
        closed.withLock { isClosed in
            guard !isClosed else { return }
            isClosed = true
            // Closing the write end wakes the thread (end of file on the pipe); it then
            // closes the descriptors it owns.
            close(wakeWrite)
        }
    }

    deinit { stop() }
}

/// The watcher's thread: owns the inotify descriptor and the pipe until it ends.
private final class WatchLoop: Sendable {
    let inotify: Int32
    let wake: Int32
    let name: String
    let continuation: AsyncStream<Void>.Continuation

    init(inotify: Int32, wake: Int32, name: String, continuation: AsyncStream<Void>.Continuation) {
        self.inotify = inotify
        self.wake = wake
        self.name = name
        self.continuation = continuation
    }

    func run() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        loop: while true {
            var descriptors = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if descriptors[1].revents != 0 { break }
            let count = read(inotify, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                break
            }
            var offset = 0
            var relevant = false
            while offset + 16 <= count {
                // struct inotify_event: wd, mask, cookie (4 bytes each), len, then name.
                let length =
                    Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8
                    | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)]
                let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if eventName == name { relevant = true }
                offset += 16 + length
            }
            if relevant { continuation.yield() }
            continue loop
        }
        close(inotify)
        close(wake)
        continuation.finish()
    }
}
