import Synchronization

/// The link to the broker as `status` shows it: written by the publisher, read by the
/// engine's `status` reply (which never waits for the network).
public final class MQTTStatusBoard: Sendable {
    /// One look at the link.
    public struct Reading: Sendable, Hashable {
        /// The broker, "mqtts://host:8883".
        public var broker: String
        /// Whether the broker accepted the connection and it holds.
        public var connected: Bool
        /// Why not, while not connected.
        public var error: String?
        /// Messages sent since the kiosk started.
        public var messagesSent: Int
    }

    private let state = Mutex<Reading?>(nil)

    /// Nothing to show: MQTT is off.
    public init() {}

    /// The link now; nil while MQTT is off.
    public var reading: Reading? { state.withLock { $0 } }

    func update(_ change: (inout Reading?) -> Void) {
        state.withLock { change(&$0) }
    }
}
