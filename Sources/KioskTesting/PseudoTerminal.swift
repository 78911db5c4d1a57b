import Glibc  // Glibc: a pseudo-terminal and a child in a session of its own (test support)
import LinuxPlatform
import Synchronization
import Threads

/// The built binary run in a real terminal, as a person runs it in a terminal window: a
/// pseudo-terminal from the kernel (`/dev/ptmx`) whose other end is the child's controlling
/// terminal and its standard input, output and error, the child leading a session of its
/// own. Closing the terminal (`closeTerminal()`) is closing the window: the kernel hangs up
/// the child's end and sends its session SIGHUP.
public final class TerminalProcess: Sendable {
    /// The child's process id; -1 when it could not be started.
    public let pid: Int32
    /// Why it could not be started; empty when it was.
    public let failure: String
    /// The terminal's own end, open until `closeTerminal()`.
    private let master = Mutex<Int32>(-1)
    /// Everything the child wrote to the terminal so far.
    private let output = Mutex<[UInt8]>([])
    private let reaped = Mutex<Int32?>(nil)

    /// Starts `arguments` (the program's absolute path first) with `environment`, in an
    /// 80×24 terminal.
    public init(_ arguments: [String], environment: [String: String]) {
        var failure = ""
        var child: pid_t = -1
        // /dev/ptmx, unlocked, and the number of its other end (what posix_openpt,
        // unlockpt and ptsname do; Swift's Glibc module leaves those out).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        if master < 0 || ioctl(master, Self.setLock, &unlock) != 0
            || ioctl(master, Self.getNumber, &number) != 0
        {
            failure = "no pseudo-terminal: \(String(cString: strerror(errno)))"
        } else {
            var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
            let name = "/dev/pts/\(number)"
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            // POSIX_SPAWN_SETSID (glibc 2.26): a new session, before the file actions, so
            // that opening the terminal makes it the controlling one.
            posix_spawnattr_setflags(&attributes, 0x80)
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
            let argv = arguments.map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            let status = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
            argv.forEach { free($0) }
            envp.forEach { free($0) }
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
            if status != 0 {
                failure = "posix_spawn \(arguments[0]): \(String(cString: strerror(status)))"
                child = -1
            }
        }
        pid = child
        self.failure = failure
        self.master.withLock { $0 = master }
        if master >= 0 { startReading(master) }
    }

    /// Drains the terminal on a thread of its own, so that the child never blocks writing
    /// frames to it. The thread closes the terminal when asked (`closing`): a descriptor
    /// closed while another thread sits in `read` on it stays open in the kernel until that
    /// read returns, and the child's end would not hang up.
    private func startReading(_ descriptor: Int32) {
        _ = DedicatedThread.start { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let closed = master.withLock { current -> Bool in
                    guard current == Self.closing else { return false }
                    close(descriptor)
                    current = -1
                    return true
                }
                if closed { return }
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 50) > 0 else { continue }
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    output.withLock { $0 += buffer[0..<count] }
                } else if count < 0 && errno != EINTR && errno != EAGAIN {
                    // EIO: nothing holds the child's end; wait to be told to close.
                    usleep(50_000)
                }
            }
        }
    }

    /// TIOCSPTLCK and TIOCGPTN (`_IOW('T', 0x31, int)`, `_IOR('T', 0x30, unsigned int)`),
    /// which Swift cannot import from their macros.
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    /// The value `master` holds once the terminal is to be closed.
    private static let closing: Int32 = -2

    /// What the child wrote to the terminal so far, as text.
    public var text: String { output.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Types `text` into the terminal.
    public func type(_ text: String) {
        master.withLock { descriptor in
            guard descriptor >= 0 else { return }
            _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    /// Closes the terminal, as closing its window does; returns once it is closed.
    public func closeTerminal() async {
        let open = master.withLock { descriptor -> Bool in
            guard descriptor >= 0 else { return false }
            descriptor = Self.closing
            return true
        }
        guard open else { return }
        await onDedicatedThread { [self] in
            while master.withLock({ $0 }) == Self.closing { usleep(10_000) }
        }
    }

    /// Sends a signal, unless the child has been reaped.
    public func signal(_ number: Int32) {
        reaped.withLock { status in
            if pid > 0, status == nil { kill(pid, number) }
        }
    }

    /// Waits for the child's exit and returns its exit code (128 + N when signal N ended
    /// it), or nil when it still runs after `timeout` seconds (a safety net: it is then
    /// killed).
    public func exitCode(within timeout: Double) async -> Int32? {
        let pid = pid
        guard pid > 0 else { return nil }
        return await onDedicatedThread { [self] in
            var waited = 0.0
            while true {
                if let status = reaped.withLock({ $0 }) { return Self.code(status) }
                var status: Int32 = 0
                let result = reaped.withLock { reaped -> Int32 in
                    let found = waitpid(pid, &status, WNOHANG)
                    if found == pid { reaped = status }
                    return found
                }
                if result == pid { return Self.code(status) }
                if waited >= timeout {
                    signal(SIGKILL)
                    reaped.withLock { reaped in
                        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                        reaped = status
                    }
                    return nil
                }
                usleep(50_000)
                waited += 0.05
            }
        }
    }

    private static func code(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    deinit {
        master.withLock { descriptor in
            if descriptor >= 0 { descriptor = Self.closing }
        }
        signal(SIGKILL)
        reaped.withLock { reaped in
            guard pid > 0, reaped == nil else { return }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            reaped = status
        }
    }
}
