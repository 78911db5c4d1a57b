import CMosquitto
import Glibc
import KioskCore

/// Telling TLS problems apart, on the connection's thread: what is wrong with `ca_file`
/// before libmosquitto reads it, and, after a failed attempt, whether the port speaks the
/// other protocol (`mqtts://` to a plain port, `mqtt://` to a TLS one).
extension MQTTConnection {
    /// What is wrong with `path` as `mqtt.ca_file`, nil when it is a readable file with a
    /// PEM certificate in it. Looked at without blocking: a FIFO or a device is refused
    /// before it is opened.
    static func caFileProblem(_ path: String) -> MQTTFailure? {
        func problem(_ text: String) -> MQTTFailure {
            MQTTFailure(.tls, "mqtt.ca_file \(path) \(text)")
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            return problem(
                "cannot be read (\(String(cString: strerror(errno)))); name the CA's certificate (a PEM file)."
            )
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            return problem(
                "is a directory, not a file; name the CA's certificate (a PEM file) in it.")
        default:
            let kind =
                switch info.st_mode & S_IFMT {
                case S_IFCHR: "a character device"
                case S_IFBLK: "a block device"
                case S_IFIFO: "a FIFO"
                default: "a socket"
                }
            return problem("is \(kind), not a file; name the CA's certificate (a PEM file).")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return problem(
                "cannot be read (\(String(cString: strerror(errno)))); make it readable by the kiosk's user."
            )
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while bytes.count < 1 << 20 {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        let marker = Array("-----BEGIN CERTIFICATE-----".utf8)
        let holdsCertificate =
            bytes.count >= marker.count
            && (0...(bytes.count - marker.count)).contains { start in
                bytes[start..<start + marker.count].elementsEqual(marker)
            }
        guard holdsCertificate else {
            return problem(
                "holds no certificate (no \"-----BEGIN CERTIFICATE-----\" line); it must be the CA's certificate in PEM form (`openssl x509 -inform der -in CA.crt -out CA.pem` converts a DER one)."
            )
        }
        return nil
    }

    /// Checks `ca_file` and hands it to libmosquitto; the problem when it cannot be used.
    func prepareTLS() -> MQTTFailure? {
        guard settings.broker.tls, let caFile = settings.caFile else { return nil }
        if let problem = Self.caFileProblem(caFile) { return problem }
        let result = mosquitto_tls_set(handle, caFile, nil, nil, nil, nil)
        guard result == MOSQ_ERR_SUCCESS.rawValue else {
            return MQTTFailure(
                .tls,
                "mqtt.ca_file \(caFile) cannot be used (\(Self.text(result))); it must be the CA's certificate (a PEM file)."
            )
        }
        return nil
    }

    /// The sentence for a port that speaks the other protocol than `url` says, when a probe
    /// shows it does; nil otherwise (then the usual sentence stands).
    func wrongProtocol() -> MQTTFailure? {
        let broker = settings.broker
        if broker.tls {
            guard let answer = PortProbe.exchange(broker.host, broker.port, PortProbe.mqttConnect),
                answer.first == 0x20
            else { return nil }
            return MQTTFailure(
                .tls,
                "The MQTT broker at \(broker) does not speak TLS on that port: it answered as a plain MQTT port. Use mqtt:// for it, or the broker's TLS port with mqtts://."
            )
        }
        guard let answer = PortProbe.exchange(broker.host, broker.port, PortProbe.tlsClientHello),
            answer.count >= 2, answer[0] == 0x15 || answer[0] == 0x16, answer[1] == 0x03
        else { return nil }
        return MQTTFailure(
            .tls,
            "The MQTT broker at \(broker) speaks TLS on that port: it ended the connection when the kiosk spoke plain MQTT. Use mqtts:// for it (with mqtt.ca_file for a broker with its own CA)."
        )
    }
}

/// One short exchange with a TCP port, to tell which protocol it speaks.
enum PortProbe {
    /// An MQTT 3.1.1 CONNECT (clean session, client id "weather-kiosk-probe"): an MQTT
    /// broker answers with a CONNACK (0x20), whether it lets the client in or not.
    static let mqttConnect: [UInt8] =
        [0x10, 0x1F, 0x00, 0x04] + Array("MQTT".utf8) + [0x04, 0x02, 0x00, 0x0A, 0x00, 0x13]
        + Array("weather-kiosk-probe".utf8)

    /// A TLS 1.2 ClientHello without extensions: a TLS server answers with a handshake
    /// record (0x16) or an alert (0x15), both of version 3.x.
    static let tlsClientHello: [UInt8] =
        [0x16, 0x03, 0x01, 0x00, 0x35, 0x01, 0x00, 0x00, 0x31, 0x03, 0x03]
        + [UInt8](repeating: 0x2A, count: 32)
        + [
            0x00, 0x00, 0x08, 0xC0, 0x2B, 0xC0, 0x2F, 0x00, 0x9C, 0x00, 0x2F, 0x01, 0x00, 0x00,
            0x00,
        ]

    /// Connects to `host`:`port`, sends `bytes` and returns the first bytes of the answer;
    /// nil when it cannot connect or nothing comes within 2 s.
    static func exchange(_ host: String, _ port: Int, _ bytes: [UInt8]) -> [UInt8]? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let address = found else {
            return nil
        }
        defer { freeaddrinfo(found) }
        let descriptor = socket(
            address.pointee.ai_family,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 {
            guard errno == EINPROGRESS, wait(descriptor, for: Int16(POLLOUT)) else { return nil }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0,
                failure == 0
            else { return nil }
        }
        let sent = bytes.withUnsafeBytes {
            send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard sent == bytes.count, wait(descriptor, for: Int16(POLLIN)) else { return nil }
        var answer = [UInt8](repeating: 0, count: 8)
        let count = recv(descriptor, &answer, answer.count, 0)
        return count > 0 ? Array(answer[0..<count]) : nil
    }

    private static func wait(_ descriptor: Int32, for events: Int16) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            let result = poll(&entry, 1, 2000)
            if result < 0, errno == EINTR { continue }
            return result > 0 && entry.revents & events != 0
        }
    }
}
