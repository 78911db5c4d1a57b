import KioskConfig
import KioskCore
import Testing

/// A config that nests absurdly deep is one located sentence, never a crash: toml++ walks
/// and frees its tree recursively, and a 16,000-part `[a.a.a…]` header overflowed the stack
/// (SIGSEGV at every start, `config check` and `status` too).
@Suite struct ConfigDepthTests {
    private func refusal(_ text: String) -> ConfigFileError.Problem? {
        do {
            _ = try ConfigDocument(file: "/etc/wk.toml", text: text).parse()
            return nil
        } catch {
            return error.problems.first
        }
    }

    private static let tooDeep =
        "TOML syntax error: tables, arrays and dotted keys nest more than 32 levels deep here; shorten the dotted name (a weather-kiosk config needs 3)"

    @Test func aSixteenThousandPartHeaderIsRefusedWithItsLine() throws {
        let header = "[" + Array(repeating: "a", count: 16_000).joined(separator: ".") + "]\n"
        let problem = try #require(refusal("board = \"simulator\"\n\n" + header + "x = 1\n"))
        #expect(problem.line == 3)
        #expect(problem.column == 66, "the 33rd part")
        #expect(problem.message == Self.tooDeep)
    }

    @Test func aTwentyThousandPartKeyIsRefusedWithItsLine() throws {
        let key = Array(repeating: "k", count: 20_000).joined(separator: " . ")
        let problem = try #require(refusal("[display]\n" + key + " = 1\n"))
        #expect(problem.line == 2)
        #expect(problem.message == Self.tooDeep)
        // The same under an array of tables, quoted, and inside an inline table.
        let quoted = Array(repeating: "\"q.q\"", count: 20_000).joined(separator: ".")
        #expect(refusal("[[cities]]\n" + quoted + " = 1\n")?.line == 2)
        #expect(refusal("night = { " + key + " = 1 }\n")?.line == 1)
    }

    @Test func deepArraysAndInlineTablesAreRefused() throws {
        let arrays = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(refusal("x = 1\ny = " + arrays + "\n")?.line == 2)
        let tables =
            String(repeating: "{ a = ", count: 200) + "1" + String(repeating: " }", count: 200)
        #expect(refusal("# a comment\n\nz = " + tables + "\n")?.line == 3)
        let multiline =
            "p = [\n" + String(repeating: "[\n", count: 40) + "1\n"
            + String(repeating: "]\n", count: 41)
        #expect(refusal(multiline)?.line == 33)
    }

    @Test func thirtyTwoLevelsStillParse() throws {
        let parts = Array(repeating: "a", count: 31).joined(separator: ".")
        #expect(refusal("[" + parts + "]\nb = 1\n") == nil)
        #expect(refusal("[" + parts + "]\nb.c = 1\n") != nil)
    }

    /// Dots, brackets and braces in strings and comments count for nothing.
    @Test func stringsAndCommentsDoNotCount() throws {
        let deep = "[" + Array(repeating: "a", count: 100).joined(separator: ".") + "]"
        let text = """
            name = "\(deep)"
            literal = '\(deep)'
            # \(deep)
            many = \"\"\"
            \(deep)
            {{{{ \\\"\"\" \(deep)
            \"\"\"
            raw = '''
            \(deep)
            '''
            floats = [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5,
              15.5, 16.5, 17.5, 18.5, 19.5, 20.5, 21.5, 22.5, 23.5, 24.5, 25.5, 26.5, 27.5, 28.5,
              29.5, 30.5, 31.5, 32.5, 33.5, 34.5] # ]]]
            when = 1979-05-27 07:32:00Z
            inline = { "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.A.B.C.D.E.F.G" = 1 }

            """
        #expect(refusal(text) == nil, "\(String(describing: refusal(text)))")
    }
}
