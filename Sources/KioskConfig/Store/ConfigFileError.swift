import KioskCore

/// A problem with a config file, located where it can be: the file, the line, and a
/// sentence that names the key and what to do.
public struct ConfigFileError: Error, Sendable, CustomStringConvertible {
    /// One located problem.
    public struct Problem: Sendable, Hashable {
        /// The file's path.
        public var file: String
        /// 1-based line, when known.
        public var line: Int?
        /// 1-based column (in characters) within `line`, when the parser knows it.
        public var column: Int? = nil
        /// Where in the document, when it is about a key.
        public var path: ConfigPath?
        /// The sentence, without file and line.
        public var message: String

        /// Creates a problem.
        public init(
            file: String, line: Int? = nil, column: Int? = nil, path: ConfigPath? = nil,
            message: String
        ) {
            self.file = file
            self.line = line
            self.column = column
            self.path = path
            self.message = message
        }

        /// "FILE, line N: message." — the form every config error is printed in; a
        /// syntax error adds ", column C" after the line.
        public var text: String {
            var place = line.map { "\(file), line \($0)" } ?? file
            if line != nil, let column { place += ", column \(column)" }
            let sentence =
                Sentence.ended(message)
            return "\(place): \(sentence)"
        }
    }

    /// What kind of failure; decides the exit code.
    public enum Kind: Sendable, Hashable {
        /// The file is not valid TOML.
        case syntax
        /// The TOML is valid but a key is unknown, mistyped or out of range.
        case invalid
        /// The file could not be read, written or locked.
        case access
        /// The file uses TOML the automatic editor does not change safely.
        case notEditable
    }

    /// What kind of failure.
    public var kind: Kind
    /// Every problem, in line order.
    public var problems: [Problem]

    /// Creates an error.
    public init(kind: Kind, problems: [Problem]) {
        self.kind = kind
        self.problems = problems
    }

    /// Creates an error with one problem.
    public init(
        kind: Kind, file: String, line: Int? = nil, column: Int? = nil, message: String
    ) {
        self.init(
            kind: kind,
            problems: [Problem(file: file, line: line, column: column, message: message)])
    }

    /// Every problem, one per line.
    public var description: String { problems.map(\.text).joined(separator: "\n") }
}
