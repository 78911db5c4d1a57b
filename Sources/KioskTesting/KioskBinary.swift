import Glibc  // Glibc: spawning the built binary with pipes and signals (test support)
import Synchronization

/// Pipes are made and the child spawned under this lock, so that no other spawn in the test
/// process inherits a pipe end before it is marked close-on-exec (a leaked write end would
/// keep another test's reader waiting for an end of file that never comes).
private let spawnLock = Mutex(())

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which its header
/// declares only for `_GNU_SOURCE`, so Swift's Glibc module does not see it; looked up
/// by name instead. Without it (an older glibc) children inherit what is not close-on-exec.
private let addCloseFrom:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            return nil
        }
        return unsafeBitCast(
            symbol,
            to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)
                .self)
    }()

/// What a run of the binary printed and how it ended.
public struct BinaryResult: Sendable {
    /// The exit code; 128 + N when killed by signal N.
    public var exitCode: Int32
    /// Everything written to stdout.
    public var standardOutput: String
    /// Everything written to stderr.
    public var standardError: String
    /// Whether the safety-net timeout killed it.
    public var timedOut: Bool
    /// Whether it was spawned on a thread of its own: `posix_spawn` waits until the child
    /// has exec'd, and the spawns wait for each other, so on the cooperative pool (two
    /// threads) a run of spawning tests stalled every task of the test run, a control
    /// server's replies among them.
    public var spawnedOnDedicatedThread = false
}

/// The built `weather-kiosk` binary, run as a user would run it.
public enum KioskBinary {
    /// The binary next to the test bundle (`.build/<triple>/debug/weather-kiosk`), or
    /// `$WEATHER_KIOSK_BINARY`.
    public static var path: String {
        if let override = getenv("WEATHER_KIOSK_BINARY") { return String(cString: override) }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable =
            count > 0
            ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let directory = executable.split(separator: "/", omittingEmptySubsequences: false)
            .dropLast()
            .joined(separator: "/")
        return directory + "/weather-kiosk"
    }

    /// Runs the binary to completion.
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - environment: variables added to a minimal environment (PATH, HOME, LANG); any
    ///     `WEATHER_KIOSK_*` of the test process is not passed on.
    ///   - input: text for stdin (stdin is closed after it).
    ///   - timeout: a safety net; the process is killed after it and `timedOut` is set.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], input: String = "",
        timeout: Double = 120
    ) async -> BinaryResult {
        let process = await onDedicatedThread { spawn(arguments, environment: environment) }
        return await process.finish(input: input, timeout: timeout)
    }

    /// Starts the binary and returns at once.
    public static func spawn(_ arguments: [String], environment: [String: String] = [:])
        -> RunningBinary
    {
        var base: [String: String] = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8",
        ]
        for (key, value) in environment { base[key] = value }
        return RunningBinary(arguments: [path] + arguments, environment: base)
    }
}

/// Any program, run the way `KioskBinary` runs ours: for tests that check deploy files
/// with system tools (`systemd-analyze`, `dpkg-deb`, `lintian`).
public enum ExternalProgram {
    /// Runs `path` with `arguments` to completion.
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String] = [:],
        timeout: Double = 300
    ) async -> BinaryResult {
        var base: [String: String] = [
            "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/tmp",
            "LANG": "C.UTF-8",
        ]
        for (key, value) in environment { base[key] = value }
        let environment = base
        return await onDedicatedThread {
            RunningBinary(arguments: [path] + arguments, environment: environment)
        }
        .finish(timeout: timeout)
    }

    /// Starts `path` with `arguments` and returns at once.
    public static func spawn(
        _ path: String, _ arguments: [String], environment: [String: String] = [:]
    ) -> RunningBinary {
        var base: [String: String] = [
            "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/tmp",
            "LANG": "C.UTF-8",
        ]
        for (key, value) in environment { base[key] = value }
        return RunningBinary(arguments: [path] + arguments, environment: base)
    }
}

/// A started binary with pipes to its standard streams.
///
/// `finish` runs once: a second call (a test's `terminate()` and then its deferred
/// `stop()`) waits for the same result instead of closing the three pipe descriptors
/// and reaping the pid again. By then those numbers may belong to another test's
/// socket or pipe (the kernel hands out the lowest free number), and closing them
/// once more is how a test's fake server came to accept another test's connections.
/// `signal` does nothing once the process is reaped, so it never reaches a process
/// that was given the same pid later.
public final class RunningBinary: Sendable {
    /// Its process id.
    public let pid: Int32
    private let input: Int32
    private let output: Int32
    private let error: Int32
    /// The one collection of output and exit status, once `finish` has started it.
    private let outcome = Mutex<Task<BinaryResult, Never>?>(nil)
    /// Whether the process has been reaped; kill and the reaping waitpid hold this lock.
    private let reaped = Mutex(false)
    /// Whether `init` ran on a thread of its own rather than on the cooperative pool.
    private let spawnedOnDedicatedThread = runningOnDedicatedThread

    init(arguments: [String], environment: [String: String]) {
        var inPipe: [Int32] = [0, 0]
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        var child: pid_t = 0
        let status = spawnLock.withLock { _ in
            _ = pipe(&inPipe)
            _ = pipe(&outPipe)
            _ = pipe(&errPipe)
            for descriptor in inPipe + outPipe + errPipe {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
            return Self.spawn(arguments, environment, inPipe, outPipe, errPipe, &child)
        }
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        pid = status == 0 ? child : -1
        input = inPipe[1]
        output = outPipe[0]
        error = errPipe[0]
    }

    /// Spawns with the three pipe ends as stdin, stdout and stderr and nothing else: every
    /// other descriptor of the test process (fake servers' listening and accepted
    /// sockets, their epoll and eventfd descriptors, other tests' pipes) is closed in the
    /// child, whether or not it was marked close-on-exec. FlyingSocks opens and accepts
    /// sockets without it, and a child holding a copy keeps a stopped server's port
    /// listening and its connections open.
    private static func spawn(
        _ arguments: [String], _ environment: [String: String], _ inPipe: [Int32],
        _ outPipe: [Int32], _ errPipe: [Int32], _ child: inout pid_t
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        _ = addCloseFrom?(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let status = posix_spawn(&child, arguments[0], &actions, nil, argv, envp)
        argv.forEach { free($0) }
        envp.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
        return status
    }

    /// Sends a signal, unless the process has already been reaped.
    public func signal(_ number: Int32) {
        reaped.withLock { reaped in
            if pid > 0, !reaped { kill(pid, number) }
        }
    }

    /// Writes `input` to stdin, closes it, collects stdout and stderr until both end, and
    /// waits for the exit; kills the process if it runs past `timeout`. Only the first
    /// call does that: later ones (their `input` and `timeout` unused) return its result.
    public func finish(input text: String = "", timeout: Double = 120) async -> BinaryResult {
        let collection = outcome.withLock { started in
            if let started { return started }
            let task = Task { await self.collect(input: text, timeout: timeout) }
            started = task
            return task
        }
        return await collection.value
    }

    private func collect(input text: String, timeout: Double) async -> BinaryResult {
        let pid = pid
        let (input, output, error) = (input, output, error)
        return await onDedicatedThread {
            guard pid > 0 else {
                close(input)
                close(output)
                close(error)
                return BinaryResult(
                    exitCode: 127, standardOutput: "",
                    standardError: "could not start \(KioskBinary.path)", timedOut: false)
            }
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes {
                    write(input, $0.baseAddress! + offset, $0.count - offset)
                }
                if written <= 0 { break }
                offset += written
            }
            close(input)
            var collected: [Int32: [UInt8]] = [output: [], error: []]
            var open: Set<Int32> = [output, error]
            var timedOut = false
            var deadline = timespec()
            clock_gettime(CLOCK_MONOTONIC, &deadline)
            let end = Double(deadline.tv_sec) + Double(deadline.tv_nsec) / 1e9 + timeout
            var buffer = [UInt8](repeating: 0, count: 65536)
            while !open.isEmpty {
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                let remaining = end - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
                if remaining <= 0 {
                    timedOut = true
                    kill(pid, SIGKILL)
                    break
                }
                var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                let ready = poll(
                    &descriptors, nfds_t(descriptors.count), Int32(min(remaining, 1) * 1000))
                if ready < 0 && errno != EINTR { break }
                for descriptor in descriptors where descriptor.revents != 0 {
                    let count = read(descriptor.fd, &buffer, buffer.count)
                    if count > 0 {
                        collected[descriptor.fd, default: []] += buffer[0..<count]
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        open.remove(descriptor.fd)
                    }
                }
            }
            close(output)
            close(error)
            let status = self.reap()
            let signal = status & 0x7F
            return BinaryResult(
                exitCode: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
                standardOutput: String(decoding: collected[output] ?? [], as: UTF8.self),
                standardError: String(decoding: collected[error] ?? [], as: UTF8.self),
                timedOut: timedOut, spawnedOnDedicatedThread: self.spawnedOnDedicatedThread)
        }
    }

    /// Waits for the exit without reaping, then reaps under the lock `signal` takes, so
    /// that no signal goes to the pid once it is free for another process.
    private func reap() -> Int32 {
        var information = siginfo_t()
        while waitid(P_PID, id_t(pid), &information, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        return reaped.withLock { reaped in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            reaped = true
            return status
        }
    }
}
