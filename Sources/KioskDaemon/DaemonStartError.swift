/// Why the daemon could not start: another one holds the state directory or the control
/// socket, or the lock file cannot be made. One sentence naming the file or the PID;
/// `run` exits with code 1.
public struct DaemonStartError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence.
    public var message: String

    /// Creates an error with its sentence.
    public init(_ message: String) { self.message = message }

    /// The sentence.
    public var description: String { message }
}
