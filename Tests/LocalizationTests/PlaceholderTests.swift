import Localization
import Testing

@Suite struct PlaceholderTests {
    @Test func fillsNamedPlaceholdersInAnyOrder() {
        let values = ["time": "4 min", "city": "Milano"]
        #expect(
            Placeholders.fill("Updated {time} ago in {city}", values)
                == "Updated 4 min ago in Milano")
        #expect(Placeholders.fill("A {city}, {time} fa", values) == "A Milano, 4 min fa")
        #expect(Placeholders.fill("{city} {city}", values) == "Milano Milano")
        #expect(Placeholders.fill("No placeholder", [:]) == "No placeholder")
        #expect(Placeholders.fill("", [:]) == "")
    }

    @Test func bracesThatOpenNoPlaceholderAreText() {
        #expect(Placeholders.fill("{{city}} is {city}", ["city": "Roma"]) == "{city} is Roma")
        #expect(Placeholders.fill("a }} b {{", [:]) == "a } b {")
        #expect(Placeholders.fill("{1} {} {a b} { x", [:]) == "{1} {} {a b} { x")
        #expect(Placeholders.fill("tail {", [:]) == "tail {")
        #expect(Placeholders.fill("}", [:]) == "}")
    }

    @Test func aPlaceholderWithoutAValueFailsTheFill() {
        #expect(Placeholders.fill("Hello {name}", [:]) == nil)
        #expect(Placeholders.fill("Hello {name}", ["nom": "Ada"]) == nil)
    }

    @Test func namesAreListedInOrder() {
        #expect(Placeholders.names(in: "{b} {a} {b} {{c}} {_d1}") == ["b", "a", "b", "_d1"])
        #expect(Placeholders.names(in: "{é} {1a}").isEmpty)
    }

    @Test func valuesAreNotFilledAgain() {
        // A value that looks like a placeholder (a city called "{city}") stays as it is.
        #expect(Placeholders.fill("{a} {b}", ["a": "{b}", "b": "x"]) == "{b} x")
    }
}
