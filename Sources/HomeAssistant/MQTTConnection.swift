import CMosquitto
import Glibc
import KioskCore
import Synchronization
import Threads

/// `mosquitto_lib_init` once per process (Swift initialises globals once, thread-safely).
let mosquittoLibraryInitialization: Int32 = mosquitto_lib_init()

/// One connection to an MQTT broker, kept up by its own thread: connect, run the network
/// loop, and after a failure wait (doubling, capped) and connect again; never a busy loop,
/// never a call on the cooperative pool. Reports what happens as `events`.
///
/// `@unchecked Sendable` because of the libmosquitto handle. The invariant: after `init`,
/// only the connection's thread touches the handle (connect, read, write, publish, destroy):
/// libmosquitto runs single-threaded. `publish` from any thread only appends to `outbox`
/// (in `state`'s lock) and wakes the thread through the eventfd, which the thread closes
/// as it exits, after marking it closed in the same lock.
public final class MQTTConnection: @unchecked Sendable {
    private struct State {
        var connected = false
        var wakeOpen = true
        var refusedCode: Int32?
        var attemptStarted = 0.0
        /// When the broker accepted this attempt's connection.
        var connectedAt: Double?
        var outbox: [(topic: String, payload: [UInt8], retain: Bool)] = []
    }

    /// What happens to the connection.
    public let events: AsyncStream<MQTTConnectionEvent>
    /// The settings it connects with.
    public let settings: MQTTConnectionSettings
    private let continuation: AsyncStream<MQTTConnectionEvent>.Continuation
    let handle: OpaquePointer
    /// The CONNECT's properties (the Maximum Packet Size), freed with the handle.
    private let connectProperties: OpaquePointer?
    private let wake: Int32
    private let state = Mutex(State())
    private let stopping = Atomic<Bool>(false)
    private let sent = Atomic<Int>(0)
    /// Messages the broker acknowledged (QoS 1 PUBACK) on the thread's current connection,
    /// against those it handed to libmosquitto: a closing connection waits for the rest.
    private let acknowledged = Atomic<Int>(0)
    private let handedOver = Atomic<Int>(0)

    /// Prepares a connection; `start()` begins connecting.
    /// - Throws: `MQTTFailure` when libmosquitto refuses the settings (out of memory, a CA
    ///   file it cannot use).
    public init(_ settings: MQTTConnectionSettings) throws(MQTTFailure) {
        _ = mosquittoLibraryInitialization
        self.settings = settings
        (events, continuation) = AsyncStream.makeStream(
            of: MQTTConnectionEvent.self, bufferingPolicy: .bufferingNewest(64))
        guard let made = mosquitto_new(settings.clientID, true, nil) else {
            throw MQTTFailure(.other, "libmosquitto could not make a client (out of memory).")
        }
        handle = made
        wake = CMosquitto_wake_descriptor()
        connectProperties = CMosquitto_maximum_packet_size(UInt32(settings.maximumIncomingBytes))
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        do throws(MQTTFailure) {
            guard connectProperties != nil else {
                throw MQTTFailure(.other, "libmosquitto could not make a client (out of memory).")
            }
            try configure()
        } catch {
            releaseHandle()
            throw error
        }
    }

    private func releaseHandle() {
        var properties = connectProperties
        mosquitto_property_free_all(&properties)
        mosquitto_destroy(handle)
        if wake >= 0 { close(wake) }
    }

    private func configure() throws(MQTTFailure) {
        let broker = settings.broker
        // No in-flight limit: an announcement is a burst of retained messages, and a burst
        // over the limit would wait for acknowledgements a closing connection never gets.
        mosquitto_max_inflight_messages_set(handle, 0)
        // MQTT 5, for the Maximum Packet Size in the CONNECT: a broker accepts messages of up
        // to 256 MB, and one such message on a command topic would otherwise be read whole.
        mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, CMosquitto_protocol_v5())
        if let username = settings.username {
            mosquitto_username_pw_set(handle, username, settings.password)
        }
        if let availability = settings.availabilityTopic {
            let offline = Array("offline".utf8)
            mosquitto_will_set(handle, availability, Int32(offline.count), offline, 1, true)
        }
        // A `ca_file` is looked at and given to libmosquitto before each attempt, on the
        // connection's thread (`prepareTLS`): a file fixed later is picked up, and one that
        // is a FIFO never blocks the caller.
        if broker.tls, settings.caFile == nil {
            mosquitto_int_option(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1)
        }
        mosquitto_connect_callback_set(handle) { _, context, code in
            MQTTConnection.from(context)?.connectAnswered(code)
        }
        mosquitto_publish_callback_set(handle) { _, context, _ in
            MQTTConnection.from(context)?.acknowledged.add(1, ordering: .relaxed)
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let connection = MQTTConnection.from(context), let message = message?.pointee
            else { return }
            let topic = message.topic.map { String(cString: $0) } ?? ""
            let size = Int(max(message.payloadlen, 0))
            // A broker that ignored the Maximum Packet Size: dropped before it is copied.
            guard size + topic.utf8.count <= connection.settings.maximumIncomingBytes else {
                connection.continuation.yield(.oversized(topic: topic, bytes: size))
                return
            }
            let bytes = UnsafeRawBufferPointer(start: message.payload, count: size)
            connection.continuation.yield(
                .message(topic: topic, payload: Array(bytes), retained: message.retain))
        }
        // No log callback: libmosquitto marks itself "in a callback" while one runs, and a
        // publish from another thread at that moment would write to the socket alongside
        // the loop's thread (seen as garbled packets at the broker).
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> MQTTConnection? {
        context.map { Unmanaged<MQTTConnection>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Whether the broker accepted the connection and it has not failed since.
    public var isConnected: Bool { state.withLock { $0.connected } }

    /// Messages handed to the broker's connection since the start.
    public var messagesSent: Int { sent.load(ordering: .relaxed) }

    /// Starts the thread; it holds the connection until it exits.
    /// - Throws: `MQTTFailure` when the thread cannot start.
    public func start() throws(MQTTFailure) {
        let result = DedicatedThread.start { [self] in runThread() }
        guard result == 0 else {
            throw MQTTFailure(.other, "Could not start the MQTT thread (error \(result)).")
        }
    }

    /// Queues `payload` for `topic` (QoS 1) for the connection's thread to send; false when
    /// there is no connection to send it on.
    @discardableResult
    public func publish(_ topic: String, _ payload: [UInt8], retain: Bool) -> Bool {
        let queued = state.withLock { state -> Bool in
            guard state.connected, state.wakeOpen else { return false }
            state.outbox.append((topic, payload, retain))
            var one: UInt64 = 1
            _ = write(wake, &one, 8)
            return true
        }
        return queued
    }

    /// Sends what `publish` queued; on the connection's thread only.
    private func sendOutbox() {
        var drained: UInt64 = 0
        _ = read(wake, &drained, 8)
        let messages = state.withLock { state in
            defer { state.outbox = [] }
            return state.outbox
        }
        for message in messages {
            let result = message.payload.withUnsafeBytes { bytes in
                mosquitto_publish(
                    handle, nil, message.topic, Int32(bytes.count), bytes.baseAddress, 1,
                    message.retain)
            }
            if result == MOSQ_ERR_SUCCESS.rawValue {
                sent.add(1, ordering: .relaxed)
                handedOver.add(1, ordering: .relaxed)
            }
        }
    }

    /// Ends the connection like `stop()` and waits until its thread has sent what was
    /// queued and exited (for the short-lived clients of the CLI).
    public func finish() async {
        stop()
        for await _ in events {}
    }

    /// Ends the connection: what is queued is sent, then a clean DISCONNECT (no Last Will),
    /// and the thread exits; events end. Returns at once. A publish just before wakes a
    /// connected loop; the wake-up descriptor wakes one that waits to reconnect.
    public func stop() {
        stopping.store(true, ordering: .releasing)
        state.withLock { state in
            if state.wakeOpen {
                var one: UInt64 = 1
                _ = write(wake, &one, 8)
            }
        }
    }

    // MARK: The thread

    private var isStopping: Bool { stopping.load(ordering: .acquiring) }

    private func runThread() {
        // The name `top -H` and the tests' thread count see.
        CMosquitto_name_thread(Self.threadName)
        var failures = 0
        let broker = settings.broker
        while !isStopping {
            state.withLock { $0 = State(wakeOpen: $0.wakeOpen) }
            acknowledged.store(0, ordering: .relaxed)
            handedOver.store(0, ordering: .relaxed)
            // Blocks this thread for the TCP connect (MQTT 5's CONNECT properties come only
            // with the blocking call): at most the kernel's SYN timeout for an address that
            // drops packets. The answer is waited for from then on.
            let failure: MQTTFailure?
            if let tlsProblem = prepareTLS() {
                failure = tlsProblem
            } else if case let result = mosquitto_connect_bind_v5(
                handle, broker.host, Int32(broker.port), Int32(settings.keepAliveSeconds), nil,
                connectProperties), result != MOSQ_ERR_SUCCESS.rawValue
            {
                failure = describe(result, errno: errno, wasConnected: false)
            } else {
                state.withLock { $0.attemptStarted = Self.monotonicSeconds() }
                failure = runLoop()
            }
            if isStopping { break }
            // A connection that held starts the back-off over.
            let connectedAt = state.withLock { $0.connectedAt }
            if let connectedAt, Self.monotonicSeconds() - connectedAt >= settings.heldSeconds {
                failures = 0
            }
            failures = failure == nil ? 0 : failures + 1
            let delay = settings.retryDelay(failures: max(failures, 1))
            if var failure {
                failure.retryInSeconds = delay
                continuation.yield(.failed(failure))
            }
            sleep(seconds: delay)
        }
        // Send what is queued (the last announcements, `offline`), then say goodbye.
        if isConnected {
            sendOutbox()
            // Until the broker has acknowledged every message (so that it has them before
            // the goodbye), for at most 2 s.
            let drainUntil = Self.monotonicSeconds() + 2
            while acknowledged.load(ordering: .relaxed) < handedOver.load(ordering: .relaxed),
                Self.monotonicSeconds() < drainUntil
            {
                if step(milliseconds: 100) != MOSQ_ERR_SUCCESS.rawValue { break }
            }
            mosquitto_disconnect(handle)
            _ = mosquitto_loop_write(handle, 1)
        }
        state.withLock {
            $0.connected = false
            $0.wakeOpen = false
        }
        releaseHandle()
        continuation.finish()
    }

    /// Runs the network loop until the connection fails or `stop()`; the failure, if any.
    private func runLoop() -> MQTTFailure? {
        while !isStopping {
            let (connected, started) = state.withLock { ($0.connected, $0.attemptStarted) }
            let waitMilliseconds: Int32
            if connected {
                // Wake for the keep-alive ping in time.
                waitMilliseconds = Int32(settings.keepAliveSeconds * 1000 / 2)
            } else {
                let left = settings.answerTimeoutSeconds - (Self.monotonicSeconds() - started)
                guard left > 0 else {
                    return MQTTFailure(
                        .noAnswer,
                        "The MQTT broker at \(settings.broker) accepted the connection but did not answer within \(Int(settings.answerTimeoutSeconds.rounded())) s; check that mqtt.url names an MQTT port (mqtts:// for a TLS port, mqtt:// for a plain one)."
                    )
                }
                waitMilliseconds = Int32(min(left * 1000 + 1, 60_000))
            }
            let result = step(milliseconds: waitMilliseconds)
            if result != MOSQ_ERR_SUCCESS.rawValue {
                let wasConnected = state.withLock { state in
                    defer { state.connected = false }
                    return state.connected
                }
                return isStopping ? nil : describe(result, errno: errno, wasConnected: wasConnected)
            }
        }
        return nil
    }

    /// One turn of the network loop, libmosquitto's pieces driven by one `poll`: read what
    /// came, send what `publish` queued, write what is pending, keep the connection alive.
    private func step(milliseconds: Int32) -> Int32 {
        let ready = waitForSocket(milliseconds: milliseconds)
        if ready < 0 { return MOSQ_ERR_ERRNO.rawValue }
        if ready & 1 != 0 {
            let result = mosquitto_loop_read(handle, 1)
            if result != MOSQ_ERR_SUCCESS.rawValue { return result }
        }
        if ready & 4 != 0 { sendOutbox() }
        if mosquitto_want_write(handle) {
            let result = mosquitto_loop_write(handle, 1)
            if result != MOSQ_ERR_SUCCESS.rawValue { return result }
        }
        return mosquitto_loop_misc(handle)
    }

    /// Waits for the socket or the wake-up; bit 1 readable, 2 writable, 4 woken; -1 on a
    /// poll failure.
    private func waitForSocket(milliseconds: Int32) -> Int32 {
        let socket = mosquitto_socket(handle)
        var entries = [
            pollfd(
                fd: socket,
                events: Int16(POLLIN) | (mosquitto_want_write(handle) ? Int16(POLLOUT) : 0),
                revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let result = poll(&entries, 2, milliseconds)
        if result < 0 { return errno == EINTR ? 0 : -1 }
        var ready: Int32 = 0
        if entries[0].revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 { ready |= 1 }
        if entries[0].revents & Int16(POLLOUT) != 0 { ready |= 2 }
        if entries[1].revents & Int16(POLLIN) != 0 { ready |= 4 }
        return ready
    }

    /// The CONNACK: subscribe and say `online`, or remember why the broker refused.
    private func connectAnswered(_ code: Int32) {
        guard code == 0 else {
            state.withLock { $0.refusedCode = code }
            return
        }
        state.withLock {
            $0.connected = true
            $0.connectedAt = Self.monotonicSeconds()
        }
        for topic in settings.subscriptions {
            mosquitto_subscribe(handle, nil, topic, 1)
        }
        if let availability = settings.availabilityTopic {
            publish(availability, Array("online".utf8), retain: true)
        }
        continuation.yield(.connected)
    }

    /// Sleeps `seconds`, or until `stop()`.
    private func sleep(seconds: Double) {
        var entry = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
        let deadline = Self.monotonicSeconds() + seconds
        while !isStopping {
            let left = deadline - Self.monotonicSeconds()
            guard left > 0 else { return }
            let result = poll(&entry, 1, Int32(min(left * 1000 + 1, 3_600_000)))
            if result < 0, errno != EINTR { return }
            if result > 0 {
                // A late publish or `stop()`: empty the counter; the loop condition decides.
                var drained: UInt64 = 0
                _ = read(wake, &drained, 8)
            }
        }
    }

    /// Why the broker refused the last attempt (its CONNACK code), if it did.
    func refusedCode() -> Int32? {
        state.withLock { $0.refusedCode }
    }

    /// The connection thread's name.
    public static let threadName = "kiosk-mqtt"

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func text(_ code: Int32) -> String {
        String(cString: mosquitto_strerror(code))
    }
}
