import Glibc
import KioskApp
import KioskTesting
import Testing

@Suite struct ControlServerTests {
    private func echoServer(_ directory: TemporaryDirectory) throws -> ControlServer {
        try ControlServer(path: directory.file("run/control.sock")) { request in
            if request.cmd == "fail" { return ControlProtocol.errorLine("no such thing") }
            return ControlProtocol.successLine("\"echo\":\"\(request.cmd)\"")
        }
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func answersOneLinePerRequest() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try echoServer(directory)
        let client = ControlClient(path: server.path)
        let reply = try await onDedicatedThread {
            Result { try client.send(ControlRequest(cmd: "status")) }
        }.get()
        #expect(text(reply) == #"{"ok":true,"echo":"status"}"#)
        var info = stat()
        #expect(stat(server.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o660)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        await server.stop()
        #expect(!directory.list("run").contains("control.sock"))
    }

    /// The reply's work runs at high priority: made on the server's thread, which is no
    /// task's, it ran at the default one and waited behind every other task on the pool
    /// (under load, every control test timed out at once).
    @Test func requestsAreAnsweredAtHighPriority() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try ControlServer(path: directory.file("run/control.sock")) { _ in
            ControlProtocol.successLine("\"priority\":\(Task.currentPriority.rawValue)")
        }
        let client = ControlClient(path: server.path)
        let reply = try await onDedicatedThread {
            Result { try client.send(ControlRequest(cmd: "status"), timeout: 60) }
        }.get()
        await server.stop()
        #expect(
            text(reply) == #"{"ok":true,"priority":\#(TaskPriority.high.rawValue)}"#,
            "\(text(reply))")
    }

    @Test func malformedAndOversizedRequestsGetErrorsNotCrashes() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try echoServer(directory)
        defer { Task { await server.stop() } }
        let replies = await onDedicatedThread {
            RawSocket.exchange(
                path: server.path, send: Array("not json\n{\"cmd\":\"next\"}\n{\"cmd\":5}\n".utf8),
                lines: 3)
        }
        try #require(replies.count == 3, "replies: \(replies)")
        #expect(replies[0].contains(#""ok":false"#) && replies[0].contains("JSON object"))
        #expect(replies[1] == #"{"ok":true,"echo":"next"}"#)
        #expect(replies[2].contains(#""ok":false"#))
        let huge = Array(repeating: UInt8(ascii: "x"), count: 70 * 1024)
        let oversized = await onDedicatedThread {
            RawSocket.exchange(path: server.path, send: huge, lines: 1)
        }
        #expect(oversized.first?.contains("longer than 64 KiB") == true)
    }

    @Test func thousandRequestsLeaveNoClientBehind() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try echoServer(directory)
        let client = ControlClient(path: server.path)
        let failures = await onDedicatedThread { () -> Int in
            var failures = 0
            for _ in 0..<1000 {
                do {
                    _ = try client.send(ControlRequest(cmd: "status"))
                } catch {
                    failures += 1
                }
            }
            return failures
        }
        #expect(failures == 0)
        // The server closes each client after its EOF; give its thread a moment.
        for _ in 0..<100 where server.openClientCount > 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(server.openClientCount == 0)
        await server.stop()
    }

    @Test func concurrentClientsAreAllAnswered() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try echoServer(directory)
        defer { Task { await server.stop() } }
        let client = ControlClient(path: server.path)
        let answered = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<50 {
                group.addTask {
                    await onDedicatedThread {
                        (try? client.send(ControlRequest(cmd: "c\(index)"))).map {
                            String(decoding: $0, as: UTF8.self)
                        }
                            == #"{"ok":true,"echo":"c\#(index)"}"#
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(answered == 50)
    }

    @Test func aStaleSocketFileIsReplaced() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let first = try echoServer(directory)
        // Simulate a crash: the file stays, nothing listens.
        let path = first.path
        await first.stop()
        directory.write("run/control.sock", "")
        let second = try echoServer(directory)
        let reply = try await onDedicatedThread {
            Result { try ControlClient(path: path).send(ControlRequest(cmd: "x")) }
        }.get()
        #expect(!reply.isEmpty)
        await second.stop()
    }

    @Test func noDaemonMeansExitThree() {
        let client = ControlClient(path: "/tmp/weather-kiosk-no-such-daemon.sock")
        do {
            _ = try client.send(ControlRequest(cmd: "status"))
            Issue.record("expected a failure")
        } catch let failure as CommandFailure {
            #expect(failure.exitCode == 3)
            #expect(failure.message.contains("not running"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

/// A client that speaks raw bytes, for malformed input.
enum RawSocket {
    static func exchange(path: String, send bytes: [UInt8], lines: Int) -> [String] {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { return [] }
        _ = bytes.withUnsafeBytes {
            Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var waitFor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while received.filter({ $0 == UInt8(ascii: "\n") }).count < lines,
            poll(&waitFor, 1, 30_000) > 0
        {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
