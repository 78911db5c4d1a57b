import KioskConfig
import KioskCore
import Testing

/// Text from the command line and the config: decimal numbers, base URLs, names, and what
/// reaches the terminal.
@Suite struct InputTextTests {
    @Test(arguments: [
        ("12", 12.0), ("-33.9", -33.9), ("+0.5", 0.5), (".5", 0.5), ("7.", 7.0), ("-0", 0),
    ])
    func decimalNumbers(text: String, value: Double) {
        #expect(DecimalText.number(text) == value)
    }

    @Test(arguments: [
        "0x10", "0X1p4", "1e3", "nan", "inf", "-infinity", "", "-", ".", "1.2.3", " 1", "1 ",
        "١٢", "+-1",
    ])
    func notDecimal(text: String) {
        #expect(DecimalText.number(text) == nil)
    }

    @Test(arguments: [
        "https://api.open-meteo.com", "http://127.0.0.1:8080", "http://127.0.0.1:1/v1/",
        "http://[::1]", "http://[::1]:65535/path", "https://[2001:db8::8a2e:370:7334]",
        "http://[::ffff:192.0.2.1]:80", "http://[1:2:3:4:5:6:7:8]", "http://localhost",
        "https://customer-api.open-meteo.com/",
    ])
    func usableBaseURLs(url: String) {
        #expect(HTTPBaseURL.problem(url) == nil)
    }

    @Test(arguments: [
        ("http://[::1", "without its closing \"]\""),
        ("http://[::1]x", "after the IPv6 address"),
        ("http://[::g]", "not an IPv6 address"),
        ("http://[1:2:3:4:5:6:7:8:9]", "not an IPv6 address"),
        ("http://[1::2::3]", "not an IPv6 address"),
        ("http://[fe80::1%25eth0]", "not an IPv6 address"),
        ("http://[]", "not an IPv6 address"),
        ("http://host:0", "port \"0\""),
        ("http://host:65536", "port \"65536\""),
        ("http://host:8o", "port \"8o\""),
        ("http://host:", "port \"\""),
        ("http://:80", "needs a host name"),
        ("http://", "needs a host name"),
        ("http://ho_st", "not a host name"),
        ("http://-host", "not a host name"),
        ("http://user:pw@host", "user name or password"),
        ("http://host/?q=1", "without a query"),
        ("http://host/a b", "spaces or control characters"),
        ("http://host/\u{1B}[2J", "spaces or control characters"),
        ("ftp://host", "http:// or https://"),
        ("api.open-meteo.com", "http:// or https://"),
    ])
    func refusedBaseURLs(url: String, problem: String) {
        let message = HTTPBaseURL.problem(url)
        #expect(message?.contains(problem) == true, "\(message ?? "accepted")")
    }

    @Test func configRefusesABrokenBaseURL() {
        var configuration = KioskConfiguration()
        let message = ConfigSchema.key("forecast.base_url")?.apply(
            .string("http://[::1"), to: &configuration)
        #expect(message?.hasPrefix("forecast.base_url has an IPv6 address without") == true)
    }

    @Test func sentencesEndOnce() {
        #expect(Sentence.ended("It failed") == "It failed.")
        #expect(Sentence.clause("Cannot open /dev/i2c-1.") == "cannot open /dev/i2c-1")
        #expect(Sentence.clause("I2C is off.") == "I2C is off")
        #expect(Sentence.clause("BUSY stayed low") == "BUSY stayed low")
        #expect(Sentence.ended("(byte mode, the default).") == "(byte mode, the default).")
        #expect(
            Sentence.ended("is it a framebuffer (/dev/fbN)?") == "is it a framebuffer (/dev/fbN)?")
        #expect(Sentence.hasDoubledPunctuation("default).."))
        #expect(Sentence.hasDoubledPunctuation("(/dev/fbN)?.\n"))
        #expect(!Sentence.hasDoubledPunctuation("Wait…"))
        #expect(!Sentence.hasDoubledPunctuation("Done."))
    }

    @Test func controlCharactersAreMadeVisible() {
        #expect(TerminalText.escaped("Rome\u{1B}[2J") == "Rome\\x1B[2J")
        #expect(TerminalText.escaped("a\rb\u{7F}c\u{9B}d\u{0}") == "a\\x0Db\\x7Fc\\x9Bd\\x00")
        #expect(TerminalText.escaped("São Paulo\n\tok") == "São Paulo\n\tok")
        // A right-to-left override would show the rest of the line reversed.
        #expect(TerminalText.escaped("Rome\u{202E}txt.exe") == "Rome\\u{202E}txt.exe")
        #expect(
            TerminalText.escaped("a\u{2066}b\u{200F}c\u{2029}") == "a\\u{2066}b\\u{200F}c\\u{2029}")
        #expect(TerminalText.oneLine("Rome\nFake line\t!") == "Rome\\x0AFake line\\x09!")
    }

    @Test func namesAreCapped() {
        let long = String(repeating: "x", count: 150)
        #expect(City.truncatedName(long).count == City.maximumNameLength)
        #expect(City.truncatedName(long).hasSuffix("…"))
        #expect(City.truncatedName("Rome") == "Rome")
        #expect(City.nameLengthProblem(String(repeating: "é", count: 100)) == nil)
        #expect(
            City.nameLengthProblem(long) == "is 150 characters long; a name has at most 100")
    }

    @Test func configRefusesLongNames() {
        let long = String(repeating: "n", count: 101)
        var configuration = KioskConfiguration()
        #expect(
            ConfigSchema.key("station.name")?.apply(.string(long), to: &configuration)
                == "station.name is 101 characters long; a name has at most 100")
        let city: ConfigValue = .table([
            ("name", .string(long)), ("latitude", .float(1)), ("longitude", .float(2)),
        ])
        let (_, problems) = ConfigSchema.resolve(
            [("cities", .array([city]))], onto: KioskConfiguration())
        #expect(
            problems.map(\.message) == [
                "cities[1].name is 101 characters long; a name has at most 100"
            ])
    }

    @Test func addressesAreShownInHexadecimal() {
        #expect(ConfigSchema.key("sensor.address")?.isHexadecimal == true)
        #expect(ConfigSchema.key("display.address")?.isHexadecimal == true)
        #expect(ConfigSchema.key("sensor.bus")?.isHexadecimal == false)
    }

    @Test func nightWindowDefaultIsAValidWindow() throws {
        let defaults = try #require(ConfigSchema.memberDefaults["display.night"])
        var configuration = KioskConfiguration()
        #expect(ConfigSchema.key("display.night")?.apply(defaults, to: &configuration) == nil)
        #expect(configuration.display.night?.from.description == "23:00")
        #expect(configuration.display.night?.to.description == "06:30")
    }
}
