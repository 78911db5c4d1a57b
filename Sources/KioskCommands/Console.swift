public import KioskConfig
public import KioskControl
import KioskCore
import LinuxPlatform

/// Where a verb writes and reads: the terminal in the binary, a recorder in tests.
public struct Console: Sendable {
    /// Writes text of normal output, followed by a newline unless `terminator` is false.
    public var write: @Sendable (String) -> Void
    /// Writes a line of diagnostics: warnings and errors.
    public var printError: @Sendable (String) -> Void
    /// Reads a line of input; nil at end of input.
    public var readLine: @Sendable () -> String?
    /// Whether a person is at the other end (stdin and stdout are terminals).
    public var isInteractive: Bool
    /// Reads the rest of the input, stopping after `limit` + 1 bytes so that the caller can
    /// tell input over the limit; nil when it cannot be read.
    public var readInput: @Sendable (_ limit: Int) -> [UInt8]?

    /// Writes a line of normal output; with `terminator: false`, no newline (a prompt).
    public func print(_ text: String, terminator: Bool = true) {
        write(terminator ? text + "\n" : text)
    }

    /// Creates a console from its parts; `write` gets text with its newlines.
    public init(
        write: @escaping @Sendable (String) -> Void,
        printError: @escaping @Sendable (String) -> Void,
        readLine: @escaping @Sendable () -> String? = { nil }, isInteractive: Bool = false
    ) {
        self.write = write
        self.printError = printError
        self.readLine = readLine
        self.isInteractive = isInteractive
        self.readInput = { limit in
            var bytes: [UInt8] = []
            while bytes.count <= limit, let line = readLine() {
                bytes += Array(line.utf8) + [UInt8(ascii: "\n")]
            }
            return Array(bytes.prefix(limit + 1))
        }
    }

    /// The process's standard streams. Control characters in the text (from a name in the
    /// config or from geocoding) are written as visible escapes, never sent raw.
    public static var standard: Console {
        Console(
            write: { text in FileDescriptor.writeAll(1, TerminalText.escaped(text)) },
            printError: { text in FileDescriptor.writeAll(2, TerminalText.escaped(text) + "\n") },
            readLine: { Swift.readLine(strippingNewline: true) },
            isInteractive: CurrentProcess.isTerminal(0) && CurrentProcess.isTerminal(1)
        ).readingInput(from: 0)
    }

    /// This console with `readInput` reading `descriptor` directly, a bounded amount.
    func readingInput(from descriptor: Int32) -> Console {
        var console = self
        console.readInput = { limit in FileDescriptor.read(descriptor, atMost: limit + 1) }
        return console
    }
}

extension CommandFailure {
    /// The failure for a config problem: exit 2 for what the user wrote, 1 for file access.
    public init(_ error: ConfigFileError) {
        self.init(error.description, exitCode: error.kind == .access ? Self.runtime : Self.usage)
    }
}

/// Writes a PNG (or other data a user redirected) to standard output, checking every write.
/// - Throws: `CommandFailure` (exit 1) when it could not all be written: a full disk, a
///   reader that went away.
func writeStandardOutput(_ bytes: [UInt8]) throws {
    if let failure = FileSystem.writeChecked(1, bytes) {
        throw CommandFailure.runtime(
            "Cannot write the PNG to standard output: \(systemMessage(failure)); the picture is lost, so write it to a file with -o FILE.png instead."
        )
    }
}
