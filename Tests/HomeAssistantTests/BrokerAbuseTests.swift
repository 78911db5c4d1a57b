import FoundationEssentials
import Glibc
import KioskControl
import KioskTesting
import Testing

/// What anyone who may publish at the broker can send the built binary: a 100 MB message,
/// retained commands, 10,000 of Home Assistant's `online`. A real mosquitto on loopback.
@Suite(.serialized) struct BrokerAbuseTests {
    /// The daemon's resident memory, kB (`VmRSS`), and its peak (`VmHWM`).
    static func memory(of pid: Int32) -> (resident: Int, peak: Int) {
        let text =
            (try? ExternalFile.read("/proc/\(pid)/status")).map {
                String(decoding: $0, as: UTF8.self)
            } ?? ""
        func field(_ name: String) -> Int {
            let line = text.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    /// The daemon's CPU time so far, seconds (user + system, from /proc/PID/stat).
    static func cpuSeconds(of pid: Int32) -> Double {
        let text =
            (try? ExternalFile.read("/proc/\(pid)/stat")).map {
                String(decoding: $0, as: UTF8.self)
            } ?? ""
        // Fields after the command name in parentheses; utime and stime are 14 and 15.
        let fields = text.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12])
        else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func aHundredMegabyteCommandIsDroppedUnread() async throws {
        try await KioskOverMQTT.with { kiosk, broker in
            try await Self.sendHugeCommand(kiosk, broker)
        }
    }

    static func sendHugeCommand(_ kiosk: KioskOverMQTT, _ broker: MosquittoBroker) async throws {
        let before = Self.memory(of: kiosk.process.pid)
        let huge = kiosk.directory.file("huge")
        let descriptor = open(huge, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(ftruncate(descriptor, 100 << 20) == 0)
        close(descriptor)
        let sent = await ExternalProgram.run(
            "/usr/bin/mosquitto_pub",
            [
                "-h", "127.0.0.1", "-p", "\(broker.port)", "-u", broker.user, "-P",
                broker.password, "-q", "1", "-t", "\(KioskOverMQTT.topic)/city/set", "-f", huge,
            ], timeout: 120)
        #expect(sent.exitCode == 0, "\(sent.standardError)")
        // Messages keep their order: once this command is obeyed, the huge one has been
        // dealt with.
        await broker.publish("\(KioskOverMQTT.topic)/city/set", "Reykjavík")
        await kiosk.waitFor("Reykjavík shown after the huge message") {
            $0.showing.city == "Reykjavík"
        }
        let after = Self.memory(of: kiosk.process.pid)
        print(
            "memory around a 100 MB message: resident \(before.resident / 1024) MB before, \(after.resident / 1024) MB after, peak \(after.peak / 1024) MB"
        )
        #expect(after.peak - before.peak < 16 << 10, "peak \(before.peak) → \(after.peak) kB")
        #expect(after.resident - before.resident < 16 << 10)
        #expect(
            broker.directory.read("mosquitto.log")?.contains("too large") == true,
            "the broker drops it for this client")
    }

    @Test func retainedCommandsAreNotObeyedAtStart() async throws {
        let base = KioskOverMQTT.topic
        try await KioskOverMQTT.with(
            reading: false,
            prepare: { broker in
                // Left at the broker by someone, before the kiosk starts.
                await broker.publish("\(base)/power/set", "off", retain: true)
                await broker.publish("\(base)/command", "next", retain: true)
                await broker.publish("\(base)/page/set", "map", retain: true)
            },
            { kiosk, broker in try await Self.checkRetainedCommands(kiosk, broker) })
    }

    static func checkRetainedCommands(_ kiosk: KioskOverMQTT, _ broker: MosquittoBroker)
        async throws
    {
        let base = KioskOverMQTT.topic
        await kiosk.waitFor("some frames") { $0.display.frame >= 2 }
        // A live command after the retained ones: by the time it acts, they were seen.
        await broker.publish("\(base)/city/set", "Rome")
        let status = await kiosk.waitFor("Rome shown") { $0.showing.city == "Rome" }
        #expect(status?.display.power == "on", "a retained off is not obeyed")
        #expect(status?.showing.page != "map")
        let log = kiosk.directory.read("kiosk.log") ?? ""
        #expect(
            log.contains(
                "MQTT: ignored \"off\" on \(base)/power/set: the broker kept it (retained) from before, and a command acts only when it is sent"
            ), "\(log)")
        // Sent now, the same command acts.
        await broker.publish("\(base)/power/set", "off")
        await kiosk.waitFor("the display off") { $0.display.power == "off" }
    }

    @Test func tenThousandOnlinesAreAnsweredOnce() async throws {
        try await KioskOverMQTT.with { kiosk, broker in
            try await Self.floodWithOnline(kiosk, broker)
        }
    }

    static func floodWithOnline(_ kiosk: KioskOverMQTT, _ broker: MosquittoBroker) async throws {
        let ready = await kiosk.waitFor("the first announcements over") { $0.uptimeSeconds > 3 }
        let sentBefore = ready?.mqtt?.messagesSent ?? 0
        let memoryBefore = Self.memory(of: kiosk.process.pid)
        let cpuBefore = Self.cpuSeconds(of: kiosk.process.pid)
        let flood = ExternalProgram.spawn(
            "/usr/bin/mosquitto_pub",
            [
                "-h", "127.0.0.1", "-p", "\(broker.port)", "-u", broker.user, "-P",
                broker.password, "-t", "homeassistant/status", "-l",
            ])
        let sent = await flood.finish(
            input: String(repeating: "online\n", count: 10_000), timeout: 120)
        #expect(sent.exitCode == 0, "\(sent.standardError)")
        // In order after the flood: once it acts, every `online` has been read.
        await broker.publish("\(KioskOverMQTT.topic)/city/set", "São Paulo")
        await kiosk.waitFor("São Paulo after the flood") { $0.showing.city == "São Paulo" }
        // The burst's one answer: 13 announcements, `online`, the state, 3 cities.
        let answered = await kiosk.waitFor("the announcement") {
            ($0.mqtt?.messagesSent ?? 0) >= sentBefore + 18
        }
        var settled = answered?.mqtt?.messagesSent ?? 0
        for _ in 0..<10 {
            try await Task.sleep(for: .seconds(1))
            let now = await kiosk.status()?.mqtt?.messagesSent ?? settled
            if now == settled { break }
            settled = now
        }
        let memoryAfter = Self.memory(of: kiosk.process.pid)
        let cpu = Self.cpuSeconds(of: kiosk.process.pid) - cpuBefore
        let published = settled - sentBefore
        print(
            "10,000 onlines: \(published) messages published, \(cpu) s of CPU, resident \(memoryBefore.resident / 1024) → \(memoryAfter.resident / 1024) MB"
        )
        // Each state message and reading on the way adds one or two; 114,544 before.
        #expect(published < 80, "\(published) messages for one burst")
        #expect(memoryAfter.resident - memoryBefore.resident < 16 << 10)
    }
}
