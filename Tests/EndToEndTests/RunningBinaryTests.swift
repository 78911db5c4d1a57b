import Glibc
import KioskTesting
import Testing

/// How the test process runs programs: children must not see the test process's sockets,
/// and finishing a child twice must not touch descriptors that are no longer its own.
@Suite struct RunningBinaryTests {
    /// `posix_spawn` blocks its thread until the child has exec'd, and spawns wait for each
    /// other: on the cooperative pool (two threads here) the end-to-end tests' spawns, a
    /// `status` every 100 ms while a daemon test waits, held both threads, and every other
    /// task of the run waited (control servers' replies timed out after 15 s). The helpers
    /// that run a program to its end spawn it on a thread of their own.
    @Test func runningAProgramSpawnsItOffTheCooperativePool() async {
        let kiosk = await KioskBinary.run(["--version"])
        #expect(kiosk.exitCode == 0, "\(kiosk.standardError)")
        #expect(kiosk.spawnedOnDedicatedThread)
        let external = await ExternalProgram.run("/bin/true", [])
        #expect(external.exitCode == 0 && external.spawnedOnDedicatedThread)
        let launched = await KioskBinary.run(under: ["/usr/bin/env"], ["--version"])
        #expect(launched.exitCode == 0 && launched.spawnedOnDedicatedThread)
    }

    /// A daemon test calls `terminate()` and then, deferred, `stop()`: both finish the same
    /// process. The second must not close the pipe numbers again, which by then belong to
    /// whatever opened next (another test's fake server, once).
    @Test func finishingTwiceClosesNothingTheSecondTime() async {
        let process = ExternalProgram.spawn("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        let first = await process.finish(timeout: 30)
        #expect(first.exitCode == 3 && first.standardOutput == "out\n")
        // The lowest free numbers, so among them the three the first finish closed.
        let opened = (0..<8).map { _ in open("/dev/null", O_RDONLY | O_CLOEXEC) }
        defer { for descriptor in opened { close(descriptor) } }
        #expect(opened.allSatisfy { $0 >= 0 })
        let second = await process.finish(timeout: 30)
        #expect(second.exitCode == 3)
        #expect(second.standardOutput == "out\n" && second.standardError == "err\n")
        let closed = opened.filter { fcntl($0, F_GETFD) < 0 }
        #expect(closed.isEmpty, "closed by the second finish: \(closed)")
    }

    /// A child gets stdin, stdout and stderr and nothing else, even while a fake server's
    /// listening socket, epoll and eventfd descriptors (FlyingSocks opens them without
    /// close-on-exec, as it accepts connections) are open in the test process.
    @Test func aChildInheritsOnlyItsStandardStreams() async throws {
        let server = try await LoopbackHTTPServer.start { _ in CannedResponse(status: 204) }
        let child = ExternalProgram.spawn("/bin/sleep", ["120"])
        var names: [String] = []
        for _ in 0..<1500 {  // up to 30 s: under load the child may take seconds to exec
            names = TemporaryDirectory.names(in: "/proc/\(child.pid)/fd")
            if names == ["0", "1", "2"] { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        child.signal(SIGKILL)
        _ = await child.finish(timeout: 30)
        await server.stop()
        #expect(names == ["0", "1", "2"])
    }
}
