import FoundationEssentials
import Glibc
import KioskTesting
import Testing

/// A real mosquitto for one test, on a free 127.0.0.1 port, with a config, a password file
/// (made by `mosquitto_passwd`) and a TLS listener whose CA and certificate `openssl` makes
/// here: nothing is shared with another test or the machine's own broker.
final class MosquittoBroker: @unchecked Sendable {
    // @unchecked: `process` is replaced only by `start`/`stop`, which a test calls from
    // its one task.
    let directory = TemporaryDirectory()
    private(set) var port = 0
    private(set) var tlsPort = 0
    let user = "kiosk"
    let password = "s3cret-pw"
    private var process: RunningBinary?

    /// A test that ends early (a failed `#require`) still stops its broker.
    deinit { process?.signal(SIGKILL) }

    /// Writes the files and starts the broker. `anonymous` lets clients in without a user.
    init(anonymous: Bool = false) async throws {
        try await makeCertificates()
        let passwords = await ExternalProgram.run(
            "/usr/bin/mosquitto_passwd", ["-b", "-c", directory.file("passwords"), user, password])
        try #require(passwords.exitCode == 0, "mosquitto_passwd: \(passwords.standardError)")
        // The ports are chosen free just before mosquitto binds them, but another test may
        // bind one in between (a loopback server's port 0 can be the number just given
        // back): mosquitto then ends with "Address already in use", and new ports are tried.
        attempts: for _ in 0..<5 {
            port = try Self.freePort()
            tlsPort = try Self.freePort()
            writeConfig(anonymous: anonymous)
            switch await launch() {
            case .listening: return
            case .portTaken: await stop()
            case .silent: break attempts
            }
        }
        Issue.record("mosquitto did not start: \(directory.read("mosquitto.log") ?? "")")
    }

    private func writeConfig(anonymous: Bool) {
        directory.write(
            "mosquitto.conf",
            """
            # Run as whoever runs the test (as root, mosquitto would switch to the user
            # mosquitto, which cannot read this temporary directory).
            user \(String(cString: getpwuid(getuid()).pointee.pw_name))
            per_listener_settings false
            allow_anonymous \(anonymous)
            password_file \(directory.file("passwords"))
            persistence false
            log_dest file \(directory.file("mosquitto.log"))
            log_type all
            listener \(port) 127.0.0.1
            listener \(tlsPort) 127.0.0.1
            cafile \(directory.file("ca.pem"))
            certfile \(directory.file("server.pem"))
            keyfile \(directory.file("server.key"))

            """)
    }

    var url: String { "mqtt://127.0.0.1:\(port)" }
    var tlsURL: String { "mqtts://localhost:\(tlsPort)" }
    var caFile: String { directory.file("ca.pem") }
    /// A CA that signed nothing the broker has.
    var otherCAFile: String { directory.file("other-ca.pem") }

    /// Starts (or restarts) the broker on its ports and waits until both its listeners
    /// accept connections.
    func start() async throws {
        if await launch() != .listening {
            Issue.record("mosquitto did not start: \(directory.read("mosquitto.log") ?? "")")
        }
    }

    private enum Launch { case listening, portTaken, silent }

    /// Spawns mosquitto and waits up to a minute (on a loaded machine it took over 5 s to
    /// listen) for both listeners: it opens them one after the other and loads the TLS
    /// certificates between, so under load the plain port answered while the TLS port
    /// still refused (`unknownCAIsATLSFailure` then saw "refused", not "tls").
    private func launch() async -> Launch {
        let logged = directory.read("mosquitto.log")?.utf8.count ?? 0
        process = ExternalProgram.spawn(
            "/usr/sbin/mosquitto", ["-c", directory.file("mosquitto.conf")])
        for _ in 0..<1200 {
            if Self.accepts(port) && Self.accepts(tlsPort) { return .listening }
            let log = directory.read("mosquitto.log").map {
                String(decoding: $0.utf8.dropFirst(logged), as: UTF8.self)
            }
            if log?.contains("Address already in use") == true {
                return .portTaken
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return .silent
    }

    /// Stops the broker and waits for it. SIGKILL: a child inherits the test runner's
    /// signal mask, in which SIGTERM may be blocked (and nothing needs saving).
    func stop() async {
        process?.signal(SIGKILL)
        _ = await process?.finish(timeout: 10)
        process = nil
    }

    /// Kills the broker and removes its files at once, for a `defer` (which cannot await);
    /// the process is reaped by whoever waits on it, or by init when the runner exits.
    func removeNow() {
        process?.signal(SIGKILL)
        directory.remove()
    }

    /// Stops the broker and removes its files.
    func remove() async {
        await stop()
        directory.remove()
    }

    /// `mosquitto_sub` as Home Assistant would subscribe: the retained messages of
    /// `topics` (and whatever arrives within `seconds`, unless `only` retained ones are
    /// wanted), as topic → payload.
    func retained(_ topics: [String], seconds: Double = 1, only: Bool = false) async -> [String:
        String]
    {
        var arguments = [
            "-h", "127.0.0.1", "-p", "\(port)", "-u", user, "-P", password, "-v", "-W",
            "\(Int(seconds.rounded(.up)))",
        ]
        if only { arguments.append("--retained-only") }
        for topic in topics { arguments += ["-t", topic] }
        let result = await ExternalProgram.run(
            "/usr/bin/python3", Self.unblocked("/usr/bin/mosquitto_sub") + arguments,
            timeout: seconds + 10)
        #expect(!result.timedOut, "mosquitto_sub \(arguments) did not end: \(result.standardError)")
        var messages: [String: String] = [:]
        for line in result.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            messages[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return messages
    }

    /// Starts `mosquitto_sub` on `topics` and returns it; `finish` gives what it saw.
    func subscribe(_ topics: [String], seconds: Int, count: Int) -> RunningBinary {
        var arguments = [
            "-h", "127.0.0.1", "-p", "\(port)", "-u", user, "-P", password, "-v", "-W",
            "\(seconds)", "-C", "\(count)",
        ]
        for topic in topics { arguments += ["-t", topic] }
        return ExternalProgram.spawn(
            "/usr/bin/python3", Self.unblocked("/usr/bin/mosquitto_sub") + arguments)
    }

    /// `mosquitto_pub` one message.
    func publish(_ topic: String, _ message: String, retain: Bool = false) async {
        var arguments = [
            "-h", "127.0.0.1", "-p", "\(port)", "-u", user, "-P", password, "-t", topic, "-m",
            message,
        ]
        if retain { arguments.append("-r") }
        let result = await ExternalProgram.run("/usr/bin/mosquitto_pub", arguments)
        #expect(result.exitCode == 0, "mosquitto_pub: \(result.standardError)")
    }

    /// EC keys: generating three RSA keys per broker, for several brokers at once, loaded
    /// the machine enough to time out other tests' loopback fetches.
    private func makeCertificates() async throws {
        let openssl = "/usr/bin/openssl"
        let path = directory.path
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                "-nodes", "-days", "2", "-subj",
                "/CN=weather-kiosk test CA", "-keyout", "\(path)/ca.key", "-out", "\(path)/ca.pem",
            ],
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                "-nodes", "-days", "2", "-subj",
                "/CN=another CA", "-keyout", "\(path)/other-ca.key", "-out",
                "\(path)/other-ca.pem",
            ],
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-subj", "/CN=localhost", "-keyout",
                "\(path)/server.key", "-out", "\(path)/server.csr",
            ],
            [
                "x509", "-req", "-in", "\(path)/server.csr", "-CA", "\(path)/ca.pem", "-CAkey",
                "\(path)/ca.key", "-CAcreateserial", "-days", "2", "-out", "\(path)/server.pem",
                "-extfile", "\(path)/san.cnf",
            ],
        ]
        directory.write("san.cnf", "subjectAltName=DNS:localhost,IP:127.0.0.1\n")
        for step in steps {
            let result = await ExternalProgram.run(openssl, step)
            try #require(result.exitCode == 0, "openssl \(step[0]): \(result.standardError)")
        }
    }

    /// Arguments for python3 that run `program` with no signal blocked: a child inherits
    /// the spawning thread's signal mask, and the test runner's threads block SIGALRM, which
    /// mosquitto_sub's `-W` timeout needs.
    static func unblocked(_ program: String) -> [String] {
        [
            "-c",
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
            program,
        ]
    }

    /// A port nothing listens on now.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(bound == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(descriptor, $0, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// A TCP listener on 127.0.0.1 that never accepts and never answers: the kernel completes
/// the handshake from its backlog, so a client connects and then hears nothing.
final class SilentListener: Sendable {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        self.descriptor = descriptor
        var address = MosquittoBroker.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(bound == 0 && listen(descriptor, 128) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(descriptor, $0, &length)
            }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
