import Glibc  // Glibc: socket clients that hold a control socket busy (test support)
import LinuxPlatform
import Synchronization
import Threads

/// Clients of a control socket that never let go: each keeps one connection, asks for a
/// preview of a frame far in the future (which waits for up to 25 s), and asks again as soon
/// as the answer comes (after 250 ms when the answer is a refusal, so that 32 of them do not
/// load a shared machine; still well under the second after which an idle one gives up its
/// place). Each runs on a thread of its own until `stop()`.
public final class BusyPreviewClients: Sendable {
    private let stopping = Atomic<Bool>(false)
    private let connected = Atomic<Int>(0)
    private let answers = Atomic<Int>(0)
    private let running = Atomic<Int>(0)

    /// Starts `count` clients of the socket at `path`.
    public init(path: String, count: Int) {
        for _ in 0..<count {
            running.add(1, ordering: .relaxed)
            let started = DedicatedThread.start { [self] in
                loop(path)
                running.subtract(1, ordering: .relaxed)
            }
            if started != 0 { running.subtract(1, ordering: .relaxed) }
        }
    }

    /// Clients that are connected now.
    public var connectedCount: Int { connected.load(ordering: .relaxed) }
    /// Replies the clients got so far.
    public var answerCount: Int { answers.load(ordering: .relaxed) }

    /// Ends every client (each within a second) and waits for their threads.
    public func stop() async {
        stopping.store(true, ordering: .relaxed)
        while running.load(ordering: .relaxed) > 0 {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    private func loop(_ path: String) {
        let request = Array("{\"cmd\":\"preview\",\"after\":1000000000}\n".utf8)
        while !stopping.load(ordering: .relaxed) {
            let descriptor = connect(path)
            guard descriptor >= 0 else {
                usleep(50_000)
                continue
            }
            connected.add(1, ordering: .relaxed)
            while !stopping.load(ordering: .relaxed) {
                let sent = request.withUnsafeBytes {
                    send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard sent == request.count, let reply = readLine(descriptor) else { break }
                answers.add(1, ordering: .relaxed)
                if reply.hasPrefix("{\"ok\":false") { usleep(250_000) }
            }
            connected.subtract(1, ordering: .relaxed)
            close(descriptor)
        }
    }

    /// One reply line; nil when the server closed the connection or the client stops.
    private func readLine(_ descriptor: Int32) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !stopping.load(ordering: .relaxed) {
            var waitFor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waitFor, 1, 200)
            if ready < 0, errno != EINTR { return nil }
            guard ready > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { return nil }
            received += buffer[0..<count]
            if received.last == UInt8(ascii: "\n") {
                return String(decoding: received, as: UTF8.self)
            }
        }
        return nil
    }

    private func connect(_ path: String) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8).prefix(raw.count - 1))
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }
}
