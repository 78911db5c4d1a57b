import FoundationEssentials
import Glibc

/// Runs another program in the foreground, on this process's terminal.
public enum Subprocess {
    /// Runs `arguments` (looked up in PATH) with this process's environment and standard
    /// streams, and waits for it.
    /// - Returns: the exit status, or 128 + signal number when it was killed.
    /// - Throws: `SubprocessError` when it could not be started or waited for.
    public static func run(_ arguments: [String]) throws(SubprocessError) -> Int32 {
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                posix_spawnp(&pid, arguments[0], nil, nil, argv, envp)
            }
        }
        guard status == 0 else {
            throw SubprocessError(
                "Cannot start \(arguments[0]): \(systemMessage(status)).")
        }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 {
            guard errno == EINTR else {
                throw SubprocessError(
                    "Lost track of \(arguments[0]): \(systemMessage(errno)).")
            }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros; spelled out here.
        let signal = waitStatus & 0x7F
        return signal == 0 ? (waitStatus >> 8) & 0xFF : 128 + signal
    }

    private static func withCStrings<Result>(
        _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
    ) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}

/// A program that could not be started or waited for: one sentence naming it and the
/// system's reason.
public struct SubprocessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence.
    public var message: String

    /// Creates an error with its sentence.
    public init(_ message: String) { self.message = message }

    /// The sentence.
    public var description: String { message }
}
