import Localization
import Testing

@Suite struct PluralExpressionTests {
    /// Plural-Forms of real catalogs (gettext's manual, "Plural forms"), and the form each
    /// count takes.
    @Test(arguments: [
        ("nplurals=2; plural=(n != 1);", [0: 1, 1: 0, 2: 1, 11: 1]),  // English, German
        ("nplurals=2; plural=(n > 1);", [0: 0, 1: 0, 2: 1, 100: 1]),  // French
        ("nplurals=1; plural=0;", [0: 0, 1: 0, 7: 0]),  // Japanese
        (
            "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
            [1: 0, 21: 0, 11: 2, 2: 1, 24: 1, 14: 2, 5: 2, 111: 2]
        ),  // Russian
        (
            "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
            [1: 0, 101: 0, 2: 1, 3: 2, 104: 2, 5: 3, 0: 3]
        ),  // Slovenian
        (
            "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
            [0: 0, 1: 1, 2: 2, 3: 3, 110: 3, 11: 4, 99: 4, 100: 5, 102: 5]
        ),  // Arabic
        (
            "nplurals=3; plural=n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2;",
            [1: 0, 0: 1, 19: 1, 20: 2, 119: 1]
        ),  // Romanian
    ])
    func realRules(header: String, forms: [Int: Int]) throws {
        let rule = try PluralRule(header: header)
        for (count, form) in forms {
            #expect(rule.form(for: count) == form, "\(header) for \(count)")
        }
    }

    @Test func arithmeticIsCsUnsignedArithmetic() throws {
        func value(_ text: String, _ n: UInt64) throws -> UInt64 {
            try PluralExpression(text).evaluate(n)
        }
        #expect(try value("n - 1", 0) == UInt64.max)  // wraps, as unsigned long does
        #expect(try value("n * 18446744073709551615", 2) == UInt64.max - 1)
        #expect(try value("7 / n", 0) == 0)  // no trap on a division by zero
        #expect(try value("7 % n", 0) == 0)
        #expect(try value("1 + 2 * 3", 0) == 7)
        #expect(try value("(1 + 2) * 3", 0) == 9)
        #expect(try value("10 - 4 - 3", 0) == 3)  // left-associative
        #expect(try value("n ? 1 : 0 ? 2 : 3", 1) == 1)  // ?: is right-associative
        #expect(try value("!n", 0) == 1)
        #expect(try value("!!n", 5) == 1)
        #expect(try value("n <= 2 && n >= 2", 2) == 1)
        #expect(try value("1 || 7 / 0", 0) == 1)
        #expect(try value("  (\tn\n== 3 )", 3) == 1)
    }

    @Test(arguments: [
        ("", "ends where an operand is expected"),
        ("n = 1", "has \"=\" after its end"),
        ("n | 1", "has \"|\" after its end"),
        ("(n != 1", "expects \")\""),
        ("n ? 1", "expects \":\""),
        ("x", "expects n, a number or \"(\""),
        ("99999999999999999999", "too large for 64 bits"),
        ("n != 1;", "has \";\" after its end"),
    ])
    func refusesMalformedExpressions(text: String, problem: String) {
        #expect {
            try PluralExpression(text)
        } throws: { error in
            "\(error)".contains(problem) && "\(error)".hasPrefix("the plural expression ")
        }
    }

    @Test func refusesExpressionsTooDeepOrTooLong() throws {
        // Deep by nesting (recursion while parsing) and deep by a long chain (a deep tree).
        let parentheses =
            String(repeating: "(", count: 70) + "n" + String(repeating: ")", count: 70)
        let negations = String(repeating: "!", count: 70) + "n"
        let chain = (0..<70).map { _ in "n" }.joined(separator: "+")
        let ternaries = (0..<70).map { "n==\($0) ? \($0) : " }.joined() + "0"
        for text in [parentheses, negations, chain, ternaries] {
            #expect(throws: PluralExpressionError.self) { try PluralExpression(text) }
        }
        let long = String(repeating: " ", count: 2000) + "n"
        #expect { try PluralExpression(long) } throws: { "\($0)".contains("2001 characters") }
        // Just inside the limits.
        let fine = (0..<60).map { _ in "n" }.joined(separator: "+")
        #expect(try PluralExpression(fine).evaluate(1) == 60)
    }

    @Test func aRuleNeverAnswersAFormTheLanguageLacks() throws {
        let rule = try PluralRule(header: "nplurals=2; plural=n;")
        #expect(rule.form(for: 1) == 1)
        #expect(rule.form(for: 5) == 0)  // gettext's answer for an index out of range
        #expect(PluralRule.english.form(for: Int.min) == 1)
    }

    @Test(arguments: [
        "plural=(n != 1);", "nplurals=2;", "nplurals=x; plural=n;", "nplurals=101; plural=n;",
    ])
    func refusesIncompleteHeaders(header: String) {
        #expect(throws: PluralExpressionError.self) { try PluralRule(header: header) }
    }
}
