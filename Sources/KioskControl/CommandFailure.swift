/// A verb's failure: one sentence for stderr and the exit code that docs/command-line.md
/// fixes.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// Exit code 1: something at run time failed (network, device, file).
    public static let runtime: Int32 = 1
    /// Exit code 2: the arguments or the config are wrong.
    public static let usage: Int32 = 2
    /// Exit code 3: the daemon is not running.
    public static let daemonNotRunning: Int32 = 3

    /// The sentence (or, for config problems, one sentence per line).
    public var message: String
    /// The process exit code.
    public var exitCode: Int32

    /// Creates a failure.
    public init(_ message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A usage or validation failure (exit 2).
    public static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message, exitCode: usage)
    }

    /// A run-time failure (exit 1).
    public static func runtime(_ message: String) -> CommandFailure {
        CommandFailure(message, exitCode: runtime)
    }

    /// The message.
    public var description: String { message }
}
