import FoundationEssentials
import Glibc
import HomeAssistant
import KioskCore
import KioskTesting
import Testing

/// The connection alone against a real mosquitto: each failure kind gives its one sentence,
/// and reconnecting costs no threads or descriptors.
@Suite(.serialized) struct ConnectionTests {
    func settings(_ url: String, password: String? = nil, caFile: String? = nil)
        -> MQTTConnectionSettings
    {
        var settings = MQTTConnectionSettings(
            broker: MQTTBrokerURL(url)!, username: "kiosk", password: password, caFile: caFile,
            clientID: "test-\(UInt32.random(in: 0...UInt32.max))",
            availabilityTopic: "test/availability")
        settings.answerTimeoutSeconds = 1
        settings.retryFirstSeconds = 0.05
        settings.retryCapSeconds = 0.2
        return settings
    }

    /// The first event that is not a message, within a safety-net timeout.
    func firstOutcome(_ connection: MQTTConnection) async -> MQTTConnectionEvent? {
        await withTaskGroup(of: MQTTConnectionEvent?.self) { group in
            group.addTask {
                for await event in connection.events {
                    if case .message = event { continue }
                    return event
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(30))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    func failure(_ settings: MQTTConnectionSettings) async throws -> MQTTFailure? {
        let connection = try MQTTConnection(settings)
        try connection.start()
        defer { connection.stop() }
        guard case .failed(let failure)? = await firstOutcome(connection) else { return nil }
        return failure
    }

    @Test func connectsWithThePasswordAndSaysOnlineRetained() async throws {
        let broker = try await MosquittoBroker()
        defer { broker.removeNow() }
        let connection = try MQTTConnection(settings(broker.url, password: broker.password))
        try connection.start()
        #expect(await firstOutcome(connection) == .connected)
        #expect(connection.isConnected)
        let retained = await broker.retained(["test/availability"])
        #expect(retained["test/availability"] == "online")
        connection.stop()
    }

    @Test func verifiesTheBrokerWithTheConfiguredCA() async throws {
        let broker = try await MosquittoBroker()
        defer { broker.removeNow() }
        let good = try MQTTConnection(
            settings(broker.tlsURL, password: broker.password, caFile: broker.caFile))
        try good.start()
        #expect(await firstOutcome(good) == .connected)
        good.stop()
    }

    @Test func wrongPasswordIsOneSentenceAboutCredentials() async throws {
        let broker = try await MosquittoBroker()
        defer { broker.removeNow() }
        let failure = try await failure(settings(broker.url, password: "wrong"))
        #expect(failure?.kind == .notAuthorised)
        #expect(
            failure?.message
                == "The MQTT broker at \(broker.url) did not accept user \"kiosk\": the password is wrong or the broker does not allow this user; check mqtt.username and mqtt.password (or mqtt.password_file) against the broker's password file."
        )
    }

    @Test func unknownCAIsATLSFailure() async throws {
        let broker = try await MosquittoBroker()
        defer { broker.removeNow() }
        let failure = try await failure(
            settings(broker.tlsURL, password: broker.password, caFile: broker.otherCAFile))
        #expect(failure?.kind == .tls)
        #expect(failure?.message.contains("failed TLS verification") == true)
        #expect(failure?.message.contains("mqtt.ca_file \(broker.otherCAFile)") == true)
    }

    /// Each TLS problem its own sentence (once all of them said "failed TLS verification",
    /// and `mqtt://` to a TLS port "The connection … was lost").
    @Test func eachTLSProblemSaysWhatItIs() async throws {
        let broker = try await MosquittoBroker()
        defer { broker.removeNow() }
        let plainPort = try await failure(
            settings(
                "mqtts://127.0.0.1:\(broker.port)", password: broker.password,
                caFile: broker.caFile))
        #expect(
            plainPort?.message
                == "The MQTT broker at mqtts://127.0.0.1:\(broker.port) does not speak TLS on that port: it answered as a plain MQTT port. Use mqtt:// for it, or the broker's TLS port with mqtts://."
        )
        let tlsPort = try await failure(
            settings("mqtt://127.0.0.1:\(broker.tlsPort)", password: broker.password))
        #expect(
            tlsPort?.message
                == "The MQTT broker at mqtt://127.0.0.1:\(broker.tlsPort) speaks TLS on that port: it ended the connection when the kiosk spoke plain MQTT. Use mqtts:// for it (with mqtt.ca_file for a broker with its own CA)."
        )
        broker.directory.write("garbage.pem", "this is not a certificate\n")
        let cases: [(String, String)] = [
            (
                broker.directory.path,
                "mqtt.ca_file \(broker.directory.path) is a directory, not a file; name the CA's certificate (a PEM file) in it."
            ),
            (
                "/dev/zero",
                "mqtt.ca_file /dev/zero is a character device, not a file; name the CA's certificate (a PEM file)."
            ),
            (
                broker.directory.file("garbage.pem"),
                "mqtt.ca_file \(broker.directory.file("garbage.pem")) holds no certificate (no \"-----BEGIN CERTIFICATE-----\" line); it must be the CA's certificate in PEM form (`openssl x509 -inform der -in CA.crt -out CA.pem` converts a DER one)."
            ),
        ]
        for (caFile, sentence) in cases {
            let failure = try await failure(
                settings(broker.tlsURL, password: broker.password, caFile: caFile))
            #expect(failure?.kind == .tls)
            #expect(failure?.message == sentence)
        }
    }

    @Test func nothingListeningIsRefused() async throws {
        let port = try MosquittoBroker.freePort()
        let failure = try await failure(settings("mqtt://127.0.0.1:\(port)"))
        #expect(failure?.kind == .refused)
        #expect(
            failure?.message
                == "The MQTT broker at mqtt://127.0.0.1:\(port) cannot be reached (Connection refused); check mqtt.url and that the broker runs."
        )
    }

    @Test func aListenerThatNeverAnswersTimesOut() async throws {
        let listener = try SilentListener()
        let failure = try await failure(settings("mqtt://127.0.0.1:\(listener.port)"))
        #expect(failure?.kind == .noAnswer)
        #expect(
            failure?.message
                == "The MQTT broker at mqtt://127.0.0.1:\(listener.port) accepted the connection but did not answer within 1 s; check that mqtt.url names an MQTT port (mqtts:// for a TLS port, mqtt:// for a plain one)."
        )
    }

    @Test func unknownHostIsDNS() async throws {
        let failure = try await failure(settings("mqtt://no-such-host.invalid:1883"))
        #expect(failure?.kind == .dns)
    }

    /// Six outages in a row, each after a connection that held: every loss is followed by
    /// the first, shortest wait (once the waits only grew: back after 4, 5, 14, 29, 57 s).
    @Test func aConnectionThatHeldStartsTheBackOffOver() async throws {
        let broker = try await MosquittoBroker()
        defer { broker.removeNow() }
        var quick = settings(broker.url, password: broker.password)
        quick.retryCapSeconds = 0.4
        quick.heldSeconds = 0
        let connection = try MQTTConnection(quick)
        try connection.start()
        defer { connection.stop() }
        var events = connection.events.makeAsyncIterator()
        /// The next event that is not a message.
        func next() async -> MQTTConnectionEvent? {
            while let event = await events.next() {
                if case .message = event { continue }
                return event
            }
            return nil
        }
        #expect(await next() == .connected)
        var firstWaits: [Double] = []
        for _ in 0..<6 {
            await broker.stop()
            guard case .failed(let lost)? = await next() else {
                Issue.record("no failure after the broker stopped")
                return
            }
            #expect(lost.kind == .lost)
            firstWaits.append(lost.retryInSeconds ?? -1)
            try await broker.start()
            while let event = await next(), event != .connected {}
        }
        #expect(firstWaits == Array(repeating: quick.retryFirstSeconds, count: 6), "\(firstWaits)")
    }

    @Test func aHundredReconnectsCostNoThreadsOrDescriptors() async throws {
        let broker = try await MosquittoBroker()
        defer { broker.removeNow() }
        var fast = settings(broker.url, password: "wrong")
        fast.retryCapSeconds = 0.05
        let connection = try MQTTConnection(fast)
        try connection.start()
        var failures = 0
        var baseline: (threads: Int, sockets: Int)?
        for await event in connection.events {
            guard case .failed = event else { continue }
            failures += 1
            if failures == 2 { baseline = ProcessCounts.of(port: broker.port) }
            if failures == 102 { break }
        }
        let after = ProcessCounts.of(port: broker.port)
        connection.stop()
        #expect(failures == 102)
        #expect(baseline?.threads == 1, "one connection thread")
        #expect(after.threads == baseline?.threads)
        #expect(after.sockets <= (baseline?.sockets ?? 0), "no socket left open per attempt")
    }
}

/// Counts from /proc/self of what a connection holds: its threads (by name) and the
/// sockets connected to the broker's port (by inode, from /proc/self/net/tcp).
enum ProcessCounts {
    static func of(port: Int) -> (threads: Int, sockets: Int) {
        let threads = TemporaryDirectory.names(in: "/proc/self/task").filter { task in
            let comm = try? String(
                decoding: ExternalFile.read("/proc/self/task/\(task)/comm"), as: UTF8.self)
            return comm?.trimmingWhitespace == MQTTConnection.threadName
        }.count
        let table =
            (try? ExternalFile.read("/proc/self/net/tcp")).map {
                String(decoding: $0, as: UTF8.self)
            } ?? ""
        let hex = String(port, radix: 16, uppercase: true)
        let hexPort = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        var inodes: Set<String> = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 9, fields[2].hasSuffix(":\(hexPort)") else { continue }
            inodes.insert(String(fields[9]))
        }
        var sockets = 0
        for name in TemporaryDirectory.names(in: "/proc/self/fd") {
            var buffer = [CChar](repeating: 0, count: 256)
            let count = readlink("/proc/self/fd/\(name)", &buffer, buffer.count - 1)
            guard count > 0 else { continue }
            let link = String(
                decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("socket:["), inodes.contains(String(link.dropFirst(8).dropLast())) {
                sockets += 1
            }
        }
        return (threads, sockets)
    }
}

/// Reads a small file whole (for /proc).
enum ExternalFile {
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError() }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    struct ReadError: Error {}
}
