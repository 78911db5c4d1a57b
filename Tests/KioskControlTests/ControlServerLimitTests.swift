import Glibc
import KioskControl
import KioskTesting
import LinuxPlatform
import Testing

/// No client of the control socket can lock the others out or make the daemon's memory
/// grow: real sockets, the server's own counters.
@Suite struct ControlServerLimitTests {
    private func server(
        _ directory: TemporaryDirectory, limits: ControlServer.Limits = ControlServer.Limits(),
        replyBytes: Int = 0
    ) throws -> ControlServer {
        try ControlServer(path: directory.file("control.sock"), limits: limits) { command in
            guard case .preview = command else {
                return .result(ControlResult(message: command.name))
            }
            // `replyBytes` on the wire with the newline: `{"ok":true,"ansi":"…","frame":1}`
            // around the text.
            let overhead = #"{"ok":true,"ansi":"","frame":1}"#.utf8.count
            return .preview(
                ControlPreview(
                    frame: 1, ansi: String(repeating: "x", count: max(0, replyBytes - overhead))))
        }
    }

    /// Waits (bounded) until `condition` holds; the server's thread works on its own.
    private func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<1000 where !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test func fortyIdleClientsDoNotLockOutStatus() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try server(directory)
        let idle = (0..<40).map { _ in RawSocket.connected(to: server.path) }
        defer { idle.forEach { close($0) } }
        #expect(idle.allSatisfy { $0 >= 0 })
        let client = ControlClient(path: server.path)
        let reply = await onDedicatedThread {
            // The reply comes from a task on the cooperative pool, which the whole test run
            // shares: on two cores it waited over 10 s once (the request was handled).
            Result { try client.send(ControlRequest(cmd: "status"), timeout: 60) }
        }
        switch reply {
        case .success(let line):
            #expect(String(decoding: line, as: UTF8.self) == #"{"ok":true,"message":"status"}"#)
        case .failure(let error):
            Issue.record("status was not answered: \(error); \(server.statistics)")
        }
        let statistics = server.statistics
        #expect(statistics.openClients <= server.limits.maximumClients, "\(statistics)")
        // Idle ones closed to make room, or (those let into the lane while the others
        // were new) after their second without a request.
        #expect(statistics.closedForRoom + statistics.closedIdle >= 9, "\(statistics)")
        await server.stop()
    }

    /// 32 clients that each keep a preview of a far-off frame waiting and ask again at once
    /// took every place: `status` timed out 13 times in 14. The owner's requests go through
    /// the lane; only 8 previews wait at once.
    @Test func thirtyTwoBusyPreviewClientsDoNotLockOutStatus() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try ControlServer(path: directory.file("control.sock")) { command in
            if case .preview = command {
                // The daemon's preview waits up to 25 s for a frame after `after`.
                try? await Task.sleep(for: .seconds(25))
                return .failure(ControlFailure(message: "No frame has been shown yet."))
            }
            return .result(ControlResult(message: command.name))
        }
        let busy = BusyPreviewClients(path: server.path, count: 32)
        try await eventually { busy.connectedCount == 32 && server.statistics.waitingRefused > 0 }
        let client = ControlClient(path: server.path)
        var answered = 0
        for _ in 0..<14 {
            // Under the previews' 25 s: a status that waits for one of them to end fails.
            let reply = await onDedicatedThread {
                Result { try client.send(ControlRequest(cmd: "status"), timeout: 20) }
            }
            guard case .success(let line) = reply,
                String(decoding: line, as: UTF8.self) == #"{"ok":true,"message":"status"}"#
            else { break }
            answered += 1
        }
        let statistics = server.statistics
        await busy.stop()
        #expect(answered == 14, "\(statistics)")
        #expect(statistics.laneClients >= 1, "\(statistics)")
        #expect(statistics.peakWaitingRequests == 8, "\(statistics)")
        await server.stop()
    }

    @Test func pipelinedFloodThatIsNeverReadStaysBounded() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var limits = ControlServer.Limits()
        limits.maximumQueuedOutputBytes = 1 << 20
        limits.stalledOutputSeconds = 0.5
        let replyBytes = 256 << 10
        let server = try server(directory, limits: limits, replyBytes: replyBytes)
        let flooder = RawSocket.connected(to: server.path)
        defer { close(flooder) }
        let requests = Array(
            String(repeating: "{\"cmd\":\"preview\"}\n", count: 300).utf8)
        let sent = requests.withUnsafeBytes {
            send(flooder, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        #expect(sent == requests.count, "errno \(errno)")
        try await eventually { server.statistics.closedStalled == 1 }
        let statistics = server.statistics
        #expect(statistics.closedStalled == 1, "\(statistics)")
        #expect(statistics.requestsHandled < 300, "\(statistics)")
        #expect(
            statistics.peakQueuedOutputBytes
                <= limits.maximumQueuedOutputBytes + (limits.maximumRequestsInFlight + 1)
                    * (replyBytes + 1),
            "\(statistics)")
        #expect(statistics.openClients == 0, "\(statistics)")
        await server.stop()
    }

    /// A client that sends nothing but newlines, reading nothing: each empty line is a
    /// request that gets its answer, so the unread answers stop the reading and the client
    /// is closed. Once the server read them all, discarding them, with a core kept busy.
    @Test func aFloodOfEmptyLinesIsBoundedLikeRequests() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var limits = ControlServer.Limits()
        limits.maximumQueuedOutputBytes = 64 << 10
        limits.stalledOutputSeconds = 0.5
        let server = try server(directory, limits: limits)
        let flooder = RawSocket.connected(to: server.path)
        defer { close(flooder) }
        let total = 32 << 20
        let sent = await onDedicatedThread { () -> Int in
            let chunk = [UInt8](repeating: UInt8(ascii: "\n"), count: 64 << 10)
            var sent = 0
            while sent < total {
                var writable = pollfd(fd: flooder, events: Int16(POLLOUT), revents: 0)
                // The server stops reading: the socket stays full until it closes it.
                guard poll(&writable, 1, 60_000) > 0, writable.revents & Int16(POLLOUT) != 0
                else { break }
                let count = chunk.withUnsafeBytes {
                    send(flooder, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                }
                if count < 0 {
                    if errno == EAGAIN || errno == EINTR { continue }
                    break
                }
                sent += count
            }
            return sent
        }
        try await eventually { server.statistics.closedStalled == 1 }
        let statistics = server.statistics
        #expect(sent < 8 << 20, "\(sent) bytes of newlines taken; \(statistics)")
        #expect(statistics.closedStalled == 1, "\(statistics)")
        await server.stop()
    }

    @Test func anIdleClientIsClosedAfterTheTimeout() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var limits = ControlServer.Limits()
        limits.idleSeconds = 0.2
        let server = try server(directory, limits: limits)
        let idle = RawSocket.connected(to: server.path)
        defer { close(idle) }
        let end = await onDedicatedThread { () -> Int in
            var waitFor = pollfd(fd: idle, events: Int16(POLLIN), revents: 0)
            guard poll(&waitFor, 1, 20_000) > 0 else { return -1 }
            var byte: UInt8 = 0
            return read(idle, &byte, 1)
        }
        #expect(end == 0, "the idle client was not closed")
        try await eventually { server.statistics.closedIdle == 1 }
        #expect(server.statistics.closedIdle == 1, "\(server.statistics)")
        await server.stop()
    }

    @Test func aLiveSocketIsNotTakenOver() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let first = try server(directory)
        #expect(ControlServer.listeningProcess(at: first.path) == getpid())
        #expect(throws: (any Error).self) { _ = try server(directory) }
        let reply = await onDedicatedThread {
            Result { try ControlClient(path: first.path).send(ControlRequest(cmd: "status")) }
        }
        #expect(throws: Never.self) { try reply.get() }
        await first.stop()
        #expect(ControlServer.listeningProcess(at: first.path) == nil)
    }
}

extension RawSocket {
    /// A connected client socket, or -1.
    static func connected(to path: String) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }
}
