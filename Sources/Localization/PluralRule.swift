/// Which of a language's plural forms a count takes: a catalog's
/// `Plural-Forms: nplurals=N; plural=EXPRESSION;`.
public struct PluralRule: Sendable, Hashable {
    /// English's rule, and gettext's when a catalog names none: "1 day", "0 days", "2 days".
    ///
    /// Made on each use rather than kept in a static: a static would hold the expression's
    /// indirect nodes through a tagged pointer that LeakSanitizer does not recognise, and
    /// the fuzz target would report them as leaked.
    public static var english: PluralRule {
        PluralRule(
            count: 2,
            expression: PluralExpression(root: .binary(.notEqual, .variable, .constant(1))))
    }

    /// How many forms the language has (`nplurals`), 1 or more.
    public let count: Int
    /// The expression that picks a form (`plural`).
    public let expression: PluralExpression

    /// A rule of `count` forms picked by `expression`.
    public init(count: Int, expression: PluralExpression) {
        self.count = max(1, count)
        self.expression = expression
    }

    /// Reads the value of a `Plural-Forms` header field: "nplurals=2; plural=(n > 1);".
    /// - Throws: `PluralExpressionError` when `nplurals` is missing or not a number from 1
    ///   to 100, when `plural` is missing, or when its expression does not parse.
    public init(header value: String) throws(PluralExpressionError) {
        var count: Int?
        var expression: String?
        for field in value.split(separator: ";") {
            let parts = field.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].filter { $0 != " " && $0 != "\t" }
            if name == "nplurals" {
                count = Int(parts[1].filter { $0 != " " && $0 != "\t" })
            } else if name == "plural" {
                expression = String(parts[1])
            }
        }
        guard let count, (1...100).contains(count) else {
            throw PluralExpressionError("has no nplurals from 1 to 100 before it")
        }
        guard let expression else { throw PluralExpressionError("is missing (plural=…)") }
        self.init(count: count, expression: try PluralExpression(expression))
    }

    /// The index of the form `count` takes, 0 up to `self.count` − 1; 0 when the
    /// expression gives a form the language does not have (as gettext does).
    public func form(for count: Int) -> Int {
        // gettext's counts are unsigned long: a negative count is taken by its magnitude,
        // which gives -1 the singular as a person would expect.
        let value = expression.evaluate(UInt64(count.magnitude))
        return value < UInt64(self.count) ? Int(value) : 0
    }
}
