extension PluralExpression {
    /// A recursive-descent parser over the expression's bytes, one function per level of
    /// C's precedence. Each function returns its node with the node's tree depth, and
    /// `nesting` counts the recursion that parentheses, `!` and `?:` cause, so that both
    /// stay within `maximumDepth`.
    struct Parser {
        private let bytes: [UInt8]
        private var position = 0
        private var nesting = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// The whole text as one expression, and nothing after it.
        mutating func parseWhole() throws(PluralExpressionError) -> Node {
            let (node, _) = try conditional()
            skipSpaces()
            guard position == bytes.count else {
                throw error(
                    "has \"\(String(decoding: [bytes[position]], as: UTF8.self))\" after its end")
            }
            return node
        }

        /// `or ? conditional : conditional` (right-associative), or `or`.
        private mutating func conditional() throws(PluralExpressionError) -> (Node, Int) {
            let (condition, conditionDepth) = try binary(level: 0)
            guard take("?") else { return (condition, conditionDepth) }
            try enter()
            defer { nesting -= 1 }
            let (then, thenDepth) = try conditional()
            guard take(":") else { throw error("expects \":\" after the \"?\" branch") }
            let (otherwise, otherwiseDepth) = try conditional()
            return try made(
                .conditional(condition, then, otherwise),
                depth: max(conditionDepth, thenDepth, otherwiseDepth))
        }

        /// The binary operators, loosest first; each level is left-associative.
        private static let levels: [[Operator]] = [
            [.or], [.and], [.equal, .notEqual],
            [.lessOrEqual, .greaterOrEqual, .less, .greater],  // "<=" before "<"
            [.add, .subtract], [.multiply, .divide, .remainder],
        ]

        /// The operators of `levels[level]` between operands of the next level.
        private mutating func binary(level: Int) throws(PluralExpressionError) -> (Node, Int) {
            guard level < Self.levels.count else { return try unary() }
            var (node, depth) = try binary(level: level + 1)
            while let operation = takeOperator(Self.levels[level]) {
                let (right, rightDepth) = try binary(level: level + 1)
                (node, depth) = try made(
                    .binary(operation, node, right), depth: max(depth, rightDepth))
            }
            return (node, depth)
        }

        /// `!unary`, or a primary.
        private mutating func unary() throws(PluralExpressionError) -> (Node, Int) {
            skipSpaces()
            if position < bytes.count, bytes[position] == UInt8(ascii: "!"),
                !(position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "="))
            {
                position += 1
                try enter()
                defer { nesting -= 1 }
                let (operand, depth) = try unary()
                return try made(.not(operand), depth: depth)
            }
            return try primary()
        }

        /// `n`, a decimal constant, or a parenthesised expression.
        private mutating func primary() throws(PluralExpressionError) -> (Node, Int) {
            skipSpaces()
            guard position < bytes.count else { throw error("ends where an operand is expected") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "n") {
                position += 1
                return (.variable, 1)
            }
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var value: UInt64 = 0
                while position < bytes.count,
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
                {
                    let digit = UInt64(bytes[position] - UInt8(ascii: "0"))
                    let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflowSum) = times.addingReportingOverflow(digit)
                    guard !overflowTimes, !overflowSum else {
                        throw error("has a number too large for 64 bits")
                    }
                    value = sum
                    position += 1
                }
                return (.constant(value), 1)
            }
            if byte == UInt8(ascii: "(") {
                position += 1
                try enter()
                defer { nesting -= 1 }
                let result = try conditional()
                guard take(")") else { throw error("expects \")\"") }
                return result
            }
            throw error(
                "expects n, a number or \"(\" where it has \"\(String(decoding: [byte], as: UTF8.self))\""
            )
        }

        /// `node`, whose deepest child is `depth` deep, unless that makes it too deep.
        private func made(_ node: Node, depth: Int) throws(PluralExpressionError) -> (Node, Int) {
            guard depth + 1 <= PluralExpression.maximumDepth else {
                throw error("is more than \(PluralExpression.maximumDepth) levels deep")
            }
            return (node, depth + 1)
        }

        /// One more level of recursion, unless that is too many.
        private mutating func enter() throws(PluralExpressionError) {
            nesting += 1
            guard nesting <= PluralExpression.maximumDepth else {
                nesting -= 1
                throw error("nests more than \(PluralExpression.maximumDepth) levels deep")
            }
        }

        /// Consumes `token` (after spaces) when it comes next.
        private mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let token = Array(token.utf8)
            guard bytes.count - position >= token.count,
                bytes[position..<position + token.count].elementsEqual(token)
            else { return false }
            position += token.count
            return true
        }

        /// Consumes the first of `operators` that comes next. `|`, `&` and `=` alone are no
        /// operators: "n = 1" ends the expression at "=", which `parseWhole` refuses.
        private mutating func takeOperator(_ operators: [Operator]) -> Operator? {
            operators.first { take($0.rawValue) }
        }

        private mutating func skipSpaces() {
            while position < bytes.count,
                bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
                    || bytes[position] == UInt8(ascii: "\n")
                    || bytes[position] == UInt8(ascii: "\r")
            {
                position += 1
            }
        }

        private func error(_ problem: String) -> PluralExpressionError {
            PluralExpressionError(problem, offset: min(position, bytes.count) + 1)
        }
    }
}
