public import KioskCore

/// How to reach the broker: address, credentials, TLS, the Last Will, and the timings of
/// the connection's thread.
public struct MQTTConnectionSettings: Sendable, Hashable {
    /// The broker.
    public var broker: MQTTBrokerURL
    /// User name; nil = anonymous.
    public var username: String?
    /// Password; nil = none.
    public var password: String?
    /// CA certificates for mqtts://; nil = the system's store.
    public var caFile: String?
    /// The client id.
    public var clientID: String
    /// Where the Last Will `offline` goes (retained), and `online` after connecting; nil
    /// for a short-lived client (`doctor`, the `mqtt` verbs) that must not speak for the
    /// kiosk.
    public var availabilityTopic: String?
    /// Topics subscribed after every connect.
    public var subscriptions: [String] = []
    /// MQTT keep-alive, seconds.
    public var keepAliveSeconds = 30
    /// How long a broker may take to answer a connect (CONNACK) before the attempt counts as
    /// failed, seconds.
    public var answerTimeoutSeconds = 10.0
    /// The first wait before reconnecting, seconds; doubled after each failure.
    public var retryFirstSeconds = 1.0
    /// The longest wait before reconnecting, seconds.
    public var retryCapSeconds = 60.0
    /// A connection that held this long (seconds since the broker accepted it) starts the
    /// back-off over: after its loss the first wait is `retryFirstSeconds` again. A broker
    /// that drops every connection at once (another client with the same id) still meets a
    /// growing wait.
    public var heldSeconds = 30.0
    /// The largest packet taken from the broker, bytes (a command is a few bytes, an
    /// announcement of this kiosk a few hundred): the broker is told in the CONNECT (MQTT 5's
    /// Maximum Packet Size) and drops anything larger; one that comes anyway is dropped
    /// before it is copied.
    public var maximumIncomingBytes = 16 << 10

    /// Settings for a broker.
    public init(
        broker: MQTTBrokerURL, username: String?, password: String?, caFile: String?,
        clientID: String, availabilityTopic: String?
    ) {
        self.broker = broker
        self.username = username
        self.password = password
        self.caFile = caFile
        self.clientID = clientID
        self.availabilityTopic = availabilityTopic
    }

    /// The wait before retry number `failures` (1 after the first failure): doubling from
    /// `retryFirstSeconds` to `retryCapSeconds`, never zero (no busy loop).
    public func retryDelay(failures: Int) -> Double {
        let exponent = min(max(failures - 1, 0), 20)
        return max(min(retryFirstSeconds * Double(1 << exponent), retryCapSeconds), 0.01)
    }
}

/// What the connection reports, in order.
public enum MQTTConnectionEvent: Sendable, Hashable {
    /// Connected (again): subscriptions are made, `online` is published.
    case connected
    /// An attempt failed or the connection was lost: one sentence naming the broker and
    /// what to do; the connection retries by itself after its back-off.
    case failed(MQTTFailure)
    /// A message on a subscribed topic; `retained` when the broker held it from before the
    /// subscription (not sent just now).
    case message(topic: String, payload: [UInt8], retained: Bool)
    /// A message over `maximumIncomingBytes` that a broker sent anyway, dropped unread.
    case oversized(topic: String, bytes: Int)
}

/// Why there is no connection, by kind, with the sentence for people.
public struct MQTTFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds `doctor` tells apart.
    public enum Kind: String, Sendable, Hashable {
        /// Nothing listens at the address.
        case refused
        /// The host name does not resolve.
        case dns
        /// TLS failed: the certificate is not trusted or names another host.
        case tls
        /// Wrong user name or password.
        case credentials
        /// The user may not connect.
        case notAuthorised
        /// TCP connected but no MQTT answer came.
        case noAnswer
        /// A connection that worked was lost.
        case lost
        /// Anything else.
        case other
    }

    /// The kind.
    public var kind: Kind
    /// One sentence: the broker, what happened, what to do.
    public var message: String
    /// How long the connection waits before it tries again, seconds; nil where it does
    /// not (a short-lived client gives up).
    public var retryInSeconds: Double?

    /// Creates a failure.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The sentence.
    public var description: String { message }
}
