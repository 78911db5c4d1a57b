/// The C expression of a catalog's `Plural-Forms: … plural=EXPRESSION;`, parsed once and
/// evaluated for each count without recursion limits being a concern.
///
/// The grammar is the subset of C that gettext accepts: the variable `n`, decimal integer
/// constants, parentheses, `!`, `* / %`, `+ -`, `< > <= >=`, `== !=`, `&&`, `||` and
/// `?:`, with C's precedence and associativity. Arithmetic is on unsigned 64-bit integers
/// and wraps, as gettext's `unsigned long` does; a division or remainder by zero gives 0
/// instead of trapping. A catalog is data from outside the program: an expression more
/// than `maximumDepth` levels deep or longer than `maximumLength` characters is refused,
/// so that neither parsing nor evaluation can exhaust the stack.
public struct PluralExpression: Sendable, Hashable {
    /// The most characters an expression may have (real ones have under 200).
    public static let maximumLength = 1000
    /// The deepest an expression's tree may be (real ones are under 20 deep).
    public static let maximumDepth = 64

    private let root: Node

    /// Parses `text`, such as "(n != 1)" or "n%10==1 && n%100!=11 ? 0 : 1".
    /// - Throws: `PluralExpressionError` naming what is wrong and where.
    public init(_ text: String) throws(PluralExpressionError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw PluralExpressionError(
                "is \(text.utf8.count) characters long (at most \(Self.maximumLength) are read)")
        }
        var parser = Parser(Array(text.utf8))
        root = try parser.parseWhole()
    }

    /// An expression already parsed.
    init(root: Node) { self.root = root }

    /// The expression's value for the count `n`.
    public func evaluate(_ n: UInt64) -> UInt64 { root.evaluate(n) }

    /// One node of the parsed expression.
    indirect enum Node: Sendable, Hashable {
        case variable
        case constant(UInt64)
        case not(Node)
        case binary(Operator, Node, Node)
        case conditional(Node, Node, Node)

        /// The node's value for `n`.
        func evaluate(_ n: UInt64) -> UInt64 {
            switch self {
            case .variable: return n
            case .constant(let value): return value
            case .not(let operand): return operand.evaluate(n) == 0 ? 1 : 0
            case .conditional(let condition, let then, let otherwise):
                return condition.evaluate(n) != 0 ? then.evaluate(n) : otherwise.evaluate(n)
            case .binary(let operation, let left, let right):
                let lhs = left.evaluate(n)
                // && and || do not evaluate their right side when the left decides.
                switch operation {
                case .and: return lhs != 0 && right.evaluate(n) != 0 ? 1 : 0
                case .or: return lhs != 0 || right.evaluate(n) != 0 ? 1 : 0
                default: return operation.apply(lhs, right.evaluate(n))
                }
            }
        }
    }

    /// A binary operator.
    enum Operator: String, Sendable, Hashable {
        case multiply = "*"
        case divide = "/"
        case remainder = "%"
        case add = "+"
        case subtract = "-"
        case less = "<"
        case greater = ">"
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case equal = "=="
        case notEqual = "!="
        case and = "&&"
        case or = "||"

        /// `lhs` and `rhs` combined: wrapping arithmetic, 1 or 0 for a comparison.
        func apply(_ lhs: UInt64, _ rhs: UInt64) -> UInt64 {
            switch self {
            case .multiply: lhs &* rhs
            case .divide: rhs == 0 ? 0 : lhs / rhs
            case .remainder: rhs == 0 ? 0 : lhs % rhs
            case .add: lhs &+ rhs
            case .subtract: lhs &- rhs
            case .less: lhs < rhs ? 1 : 0
            case .greater: lhs > rhs ? 1 : 0
            case .lessOrEqual: lhs <= rhs ? 1 : 0
            case .greaterOrEqual: lhs >= rhs ? 1 : 0
            case .equal: lhs == rhs ? 1 : 0
            case .notEqual: lhs != rhs ? 1 : 0
            case .and: lhs != 0 && rhs != 0 ? 1 : 0
            case .or: lhs != 0 || rhs != 0 ? 1 : 0
            }
        }
    }
}

/// Why a plural expression was refused: what is wrong, and at which character.
public struct PluralExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, as a clause: "expects \")\"".
    public var problem: String
    /// The offset in the expression's UTF-8 bytes where it was found, counting from 1; nil
    /// when the problem is the whole expression.
    public var offset: Int?

    /// Creates an error.
    public init(_ problem: String, offset: Int? = nil) {
        self.problem = problem
        self.offset = offset
    }

    /// "the plural expression expects \")\" at character 7".
    public var description: String {
        "the plural expression \(problem)" + (offset.map { " at character \($0)" } ?? "")
    }
}
