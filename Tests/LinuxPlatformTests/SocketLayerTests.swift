import Glibc
import KioskTesting
import LinuxPlatform
import Testing
import Threads

/// The system-call layer under the control server: the listening socket, non-blocking
/// transfers, the poll wrapper, the wake-up pipe and the thread helper, on real
/// descriptors.
@Suite struct SocketLayerTests {
    /// A client socket connected to `path`, or -1.
    private func connectClient(to path: String) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return connected == 0 ? descriptor : -1
    }

    @Test func aListenerAcceptsReceivesAndSeesThePeerGo() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("control.sock")
        #expect(UnixSocket.listeningProcess(at: path) == nil)
        let listener = try UnixSocket.listen(at: path)
        defer { UnixSocket.close(listener) }
        #expect(UnixSocket.listeningProcess(at: path) == getpid())
        #expect(throws: DeviceError.self) { try UnixSocket.listen(at: path) }
        var buffer = [UInt8](repeating: 0, count: 64)
        // The two probes connected and hung up: accepted, they read as closed.
        for _ in 0..<2 {
            let probe = try #require(UnixSocket.accept(listener))
            #expect(UnixSocket.receive(probe, into: &buffer) == .closed)
            UnixSocket.close(probe)
        }
        #expect(UnixSocket.accept(listener) == nil)

        let client = connectClient(to: path)
        try #require(client >= 0)
        var entries = [PollEntry(listener, events: .readable)]
        #expect(Poller.wait(&entries, timeout: 5_000) == .ready)
        #expect(entries[0].returned.contains(.readable))
        let server = try #require(UnixSocket.accept(listener))
        defer { UnixSocket.close(server) }

        #expect(UnixSocket.receive(server, into: &buffer) == .nothingYet)
        #expect(UnixSocket.send(client, Array("ping\n".utf8)) == .bytes(5))
        #expect(UnixSocket.receive(server, into: &buffer) == .bytes(5))
        #expect(Array(buffer[0..<5]) == Array("ping\n".utf8))
        UnixSocket.close(client)
        #expect(UnixSocket.receive(server, into: &buffer) == .closed)
        #expect(UnixSocket.send(server, Array("pong\n".utf8)) == .peerGone)
    }

    @Test func aTooLongPathIsNamed() {
        let path = "/tmp/" + String(repeating: "x", count: 200)
        #expect {
            try UnixSocket.listen(at: path)
        } throws: { error in
            "\(error)".contains("too long; choose a shorter [control] socket")
        }
    }

    @Test func theWakePipeWakesDrainsAndIsQuietAfterClose() throws {
        let pipe = try WakePipe(for: "the test")
        var entries = [PollEntry(pipe.descriptor, events: .readable)]
        #expect(Poller.wait(&entries, timeout: 0) == .ready)
        #expect(entries[0].returned.isEmpty)
        pipe.signal()
        pipe.signal()
        #expect(Poller.wait(&entries, timeout: 5_000) == .ready)
        #expect(entries[0].returned.contains(.readable))
        pipe.drain()
        #expect(Poller.wait(&entries, timeout: 0) == .ready)
        #expect(entries[0].returned.isEmpty)
        pipe.close()
        pipe.signal()  // after close: nothing written, nothing crashes
        pipe.close()
    }

    /// Kiosks started at the same moment on one socket path: exactly one listens, the
    /// others are refused. Before, each found no listener, removed the other's socket file
    /// and bound its own, so two kiosks ran and one could no longer be reached.
    @Test func ofKiosksStartedAtOnceOnOneSocketExactlyOneListens() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        for round in 0..<20 {
            let path = directory.file("control-\(round).sock")
            let listeners = await withTaskGroup(of: Int32.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        await withCheckedContinuation { continuation in
                            let status = DedicatedThread.start {
                                continuation.resume(
                                    returning: (try? UnixSocket.listen(at: path)) ?? -1)
                            }
                            if status != 0 { continuation.resume(returning: -1) }
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }.filter { $0 >= 0 }
            }
            defer { listeners.forEach(UnixSocket.close) }
            try #require(listeners.count == 1, "round \(round): \(listeners.count) listen")
        }
    }

    @Test func aDedicatedThreadRunsTheBodyOffTheCallersThread() async {
        let caller = pthread_self()
        let ranElsewhere = await withCheckedContinuation { continuation in
            let status = DedicatedThread.start {
                continuation.resume(returning: pthread_equal(pthread_self(), caller) == 0)
            }
            if status != 0 { continuation.resume(returning: false) }
        }
        #expect(ranElsewhere)
    }

    @Test func aClientConnectsOrSaysWhyNot() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("control.sock")
        #expect(throws: UnixSocket.ConnectFailure.nobodyListens) {
            try UnixSocket.connect(to: path)
        }
        #expect(throws: UnixSocket.ConnectFailure.pathTooLong) {
            try UnixSocket.connect(to: "/tmp/" + String(repeating: "x", count: 200))
        }
        let listener = try UnixSocket.listen(at: path)
        defer { UnixSocket.close(listener) }
        let client = try UnixSocket.connect(to: path)
        UnixSocket.close(client)
    }

    @Test func aPIDFileLockIsHeldUntilReleasedAndNamesItsOwner() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let state = StateDirectory(directory.path)
        let first = try PIDFileLock.acquire("daemon.pid", in: state)
        do {
            _ = try PIDFileLock.acquire("daemon.pid", in: state)
            Issue.record("a held lock was taken again")
        } catch {
            guard case .held(let owner) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(owner == getpid())
        }
        first.release()
        try PIDFileLock.acquire("daemon.pid", in: state).release()
        // A directory made on the way; a link at the name is refused, not followed.
        let made = StateDirectory(directory.file("made"))
        try PIDFileLock.acquire("daemon.pid", in: made).release()
        #expect(symlink(directory.file("target"), made.file("link.pid")) == 0)
        #expect {
            try PIDFileLock.acquire("link.pid", in: made)
        } throws: { error in
            guard case .file(let failure) = error as? PIDFileLock.Failure else { return false }
            return failure.message.contains("link.pid: it is a symbolic link")
        }
        #expect(!FileSystem.exists(directory.file("target")))
    }

    @Test func wholeReadsStopAtTheLimitOrTheEnd() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        FileDescriptor.writeAll(ends[1], Array("0123456789".utf8))
        close(ends[1])
        defer { close(ends[0]) }
        #expect(FileDescriptor.read(ends[0], atMost: 4) == Array("0123".utf8))
        #expect(FileDescriptor.read(ends[0], atMost: 100) == Array("456789".utf8))
        #expect(FileDescriptor.read(-1, atMost: 4) == nil)
    }
}
