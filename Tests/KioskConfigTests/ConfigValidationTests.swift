import KioskConfig
import KioskCore
import KioskTesting
import Testing

@Suite struct ConfigValidationTests {
    private func problems(_ text: String) -> [ConfigFileError.Problem] {
        do {
            _ = try ConfigStore.resolve(ConfigDocument(file: "/etc/wk.toml", text: text))
            return []
        } catch {
            return error.problems
        }
    }

    @Test func emptyFileGivesDefaultsOfTheSimulatorBoard() throws {
        let configuration = try ConfigStore.resolve(ConfigDocument(file: "c.toml", text: ""))
        #expect(configuration.board == "simulator")
        #expect(configuration.display.kind == .terminal)
        #expect(configuration.sensor.kind == .simulated)
        #expect(configuration.forecast.refreshMinutes == 15)
        #expect(configuration.display.pages == [.city, .hourly, .indoor, .map])
        #expect(configuration.cities.isEmpty)
    }

    @Test func theSkyPageCanBeListedButIsNotADefault() throws {
        let configuration = try ConfigStore.resolve(
            ConfigDocument(file: "c.toml", text: "[display]\npages = [\"city\", \"sky\"]\n"))
        #expect(configuration.display.pages == [.city, .sky])
        #expect(!KioskConfiguration().display.pages.contains(.sky))
        let refused = problems("[display]\npages = [\"skies\"]\n").map(\.message).joined()
        #expect(refused.contains("\"sky\""), "\(refused)")
    }

    @Test func anEPaperPanelShowsTheDashboardUnlessPagesAreSet() throws {
        for kind in ["inky", "inky-impression-7.3", "waveshare-7in5-v2"] {
            let configuration = try panel(kind: kind)
            #expect(configuration.display.pages == [.dashboard], "\(kind)")
            #expect(configuration.display.configuredPages == nil)
            #expect(KioskSettings(configuration).pages == [.dashboard])
        }
        let listed = try ConfigStore.resolve(
            ConfigDocument(
                file: "c.toml",
                text: "[display]\nkind = \"inky\"\npages = [\"city\", \"dashboard\"]\n"))
        #expect(listed.display.pages == [.city, .dashboard])
        let screen = try ConfigStore.resolve(
            ConfigDocument(file: "c.toml", text: "[display]\nkind = \"framebuffer\"\n"))
        #expect(screen.display.pages == [.city, .hourly, .indoor, .map])
        let chosen = try ConfigStore.resolve(
            ConfigDocument(
                file: "c.toml", text: "[display]\nkind = \"drm\"\npages = [\"dashboard\"]\n"))
        #expect(chosen.display.pages == [.dashboard])
        // The pages are not a key the display is opened with: the same panel either way.
        #expect(listed.display.hardware == (try panel(kind: "inky")).display.hardware)
    }

    private func panel(kind: String) throws -> KioskConfiguration {
        try ConfigStore.resolve(
            ConfigDocument(file: "c.toml", text: "[display]\nkind = \"\(kind)\"\n"))
    }

    @Test func designExampleIsValid() throws {
        let configuration = try ConfigStore.resolve(
            ConfigDocument(file: "c.toml", text: designExample))
        #expect(configuration.board == "raspberry-pi-4")
        #expect(configuration.display.kind == .framebuffer)
        #expect(configuration.sensor.address == 0x76)
        #expect(configuration.station.elevation == 34)
        #expect(
            configuration.display.night
                == NightWindow(
                    from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30),
                    mode: .off))
        #expect(configuration.cities.count == 1)
        #expect(configuration.cities.first?.geonameID == 3169070)
        #expect(configuration.cities.first?.timezone == "Europe/Rome")
    }

    @Test(arguments: [
        (
            "[display]\ncycle_secnds = 5\n", 2,
            "unknown key display.cycle_secnds (did you mean display.cycle_seconds?)"
        ),
        ("colour = \"red\"\n", 1, "unknown key colour"),
        (
            "[display]\ncycle_seconds = \"15\"\n", 2,
            "display.cycle_seconds must be a whole number from 2 to 3600 seconds, not a string (\"15\")"
        ),
        (
            "[display]\ncycle_seconds = 0\n", 2,
            "display.cycle_seconds must be a whole number from 2 to 3600 seconds, not 0"
        ),
        (
            "[station]\nname = \"x\"\nlatitude = 123.4\n", 3,
            "station.latitude must be a number from -90 to 90, not 123.4"
        ),
        (
            "[station]\nlongitude = -181\n", 2,
            "station.longitude must be a number from -180 to 180, not -181"
        ),
        (
            "[forecast]\nrefresh_minutes = 1\n", 2,
            "forecast.refresh_minutes must be a whole number from 5 to 1440 minutes, not 1"
        ),
        (
            "[forecast]\nbase_url = \"api.open-meteo.com\"\n", 2,
            "forecast.base_url must be an http:// or https:// URL"
        ),
        (
            "[forecast]\ngeocoding_url = \"https://\"\n", 2,
            "forecast.geocoding_url needs a host name"
        ),
        (
            "[sensor]\ninterval_seconds = 0\n", 2,
            "sensor.interval_seconds must be a whole number from 1 to 3600 seconds, not 0"
        ),
        ("[display]\nkind = \"lcd\"\n", 2, "display.kind must be one of"),
        ("[display]\ntheme = \"drak\"\n", 2, "(did you mean \"dark\"?)"),
        ("[display]\npages = [\"city\", \"city\"]\n", 2, "display.pages lists \"city\" twice"),
        ("[display]\npages = []\n", 2, "display.pages must name at least one page"),
        (
            "[display]\nnight = { from = \"25:00\", to = \"06:00\" }\n", 2,
            "display.night from must be a 24-hour time"
        ),
        (
            "[units]\ntemperature = \"kelvin\"\n", 2,
            "units.temperature must be one of \"celsius\", \"fahrenheit\", not \"kelvin\""
        ),
        ("board = \"raspberry-pi-9\"\n", 1, "board \"raspberry-pi-9\" has no profile"),
        ("state_dir = \"var/lib\"\n", 1, "state_dir must be an absolute path"),
        (
            "[sensor]\naddress = 0x80\n", 2,
            "sensor.address must be a whole number from 3 to 119, not 128"
        ),
        ("station = 5\n", 1, "station must be a table ([station]), not a whole number"),
    ])
    func eachProblemNamesKeyAndLine(text: String, line: Int, message: String) throws {
        let found = problems(text)
        let problem = try #require(found.first, "expected a problem for \(text)")
        #expect(problem.line == line)
        #expect(problem.message.contains(message), "got: \(problem.message)")
        #expect(problem.text.hasPrefix("/etc/wk.toml, line \(line): "))
    }

    @Test func syntaxErrorNamesTheLine() throws {
        let found = problems("[display]\npages = [\"city\",\n\n")
        let problem = try #require(found.first)
        #expect(problem.message.hasPrefix("TOML syntax error"))
        #expect(problem.line != nil)
    }

    /// Found by the fuzz target fuzz-config-toml: TOMLKit read the text only up to a NUL
    /// byte, so the keys after one (here `cycle_seconds`) were silently defaults.
    @Test func nulByteIsASyntaxErrorNotTheEndOfTheFile() throws {
        let found = problems(
            "[station]\nname = \"Home\" # a\u{0}b\n\n[display]\ncycle_seconds = 0\n")
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect(problem.message.hasPrefix("TOML syntax error: a NUL byte"))
        #expect(problem.line == 2)
    }

    /// Found by the fuzz target fuzz-config-toml: a header such as `[+units]` failed an
    /// assertion inside TOMLKit's toml++ and aborted the process (`config check`, and the
    /// daemon on reload) instead of being a syntax error.
    @Test(arguments: [
        ("[+units]\n", 1), ("board = \"simulator\"\n\n[[[cities]]]\n", 3), ("[ =]\n", 1),
        ("pages = [\n  \"city\",\n]\n[[ +cities]]\n", 4),
    ])
    func headerWithoutANameIsASyntaxError(text: String, line: Int) throws {
        let found = problems(text)
        let problem = try #require(found.first)
        #expect(problem.message.hasPrefix("TOML syntax error: a table header needs a name"))
        #expect(problem.line == line)
    }

    @Test func quotedAndSpacedHeadersStillParse() throws {
        let document = ConfigDocument(
            file: "c.toml",
            text: "[ \"display\" ]\ncycle_seconds = 20\n[[ 'cities' ]]\nname = \"Rome\"\n")
        #expect(throws: Never.self) { try document.parse() }
    }

    @Test func cityProblemsPointIntoTheRightEntry() {
        let text = """
            [[cities]]
            name = "Rome"
            latitude = 41.89
            longitude = 12.51

            [[cities]]
            name = "Nowhere"
            latitude = 95
            longitude = 0

            [[cities]]
            name = "Roma"
            latitude = 41.8925
            longitude = 12.5105
            population = 5

            [[cities]]
            latitude = 1
            longitude = 1
            """
        let found = problems(text)
        #expect(found.count == 3)
        #expect(
            found.contains {
                $0.line == 8
                    && $0.message.contains(
                        "cities[2].latitude must be a number from -90 to 90, not 95")
            })
        #expect(
            found.contains {
                $0.line == 15 && $0.message.contains("unknown key cities[3].population")
            })
        #expect(found.contains { $0.line == 17 && $0.message.contains("cities[4] needs a name") })
        // Roma is within 1 km of Rome: a duplicate even without ids. It also had an unknown
        // key, so it is not resolved; the duplicate check runs on a file without that.
        let duplicate = problems(text.replacing("population = 5\n", with: ""))
        #expect(
            duplicate.contains {
                $0.line == 11
                    && $0.message.contains("cities[3] (Roma) is the same place as cities[1] (Rome)")
            })
    }

    @Test func everyProblemIsReportedInLineOrder() {
        let found = problems("[units]\nwind = \"knots\"\n[display]\ncycle_seconds = 1\ntheme = 3\n")
        #expect(found.map(\.line) == [2, 4, 5])
    }
}

let designExample = """
    board = "raspberry-pi-4"            # boards/<name>.toml; "simulator" on a PC
    state_dir = "/var/lib/weather-kiosk"

    [station]                           # where the kiosk hangs
    name = "Home"
    latitude = 52.52
    longitude = 13.41
    elevation = 34                      # metres; absent -> Open-Meteo's elevation

    [units]
    temperature = "celsius"             # celsius | fahrenheit
    wind = "kmh"                        # kmh | ms | mph | kn
    pressure = "hPa"                    # hPa | inHg | mmHg
    precipitation = "mm"                # mm | inch
    clock = "24h"                       # 24h | 12h

    [forecast]
    refresh_minutes = 15
    base_url = "https://api.open-meteo.com"
    geocoding_url = "https://geocoding-api.open-meteo.com"
    api_key = ""                        # commercial plans; sent as apikey=
    language = "en"

    [display]
    kind = "framebuffer"                # framebuffer | hd44780 | ssd1306 | sh1106 | png | terminal
    device = "/dev/fb0"                 # or the PNG path for kind = "png"
    pages = ["city", "hourly", "indoor", "map"]
    cycle_seconds = 15
    resume_after_seconds = 60
    theme = "dark"                      # dark | light
    night = { from = "23:00", to = "06:30", mode = "off" }   # off | dim; absent = never

    [sensor]
    kind = "bme280"                     # bme280 | simulated | none
    bus = 1                             # default from the board profile
    address = 0x76
    interval_seconds = 60
    temperature_offset = 0.0            # fixed correction, degC
    cpu_heat_factor = 0.0               # 0 = off; enviroplus-style CPU heat compensation

    [buttons]
    backend = "gpiod"                   # gpiod | evdev | keyboard | none
    next = "GPIO17"                     # line names or BCM offsets; defaults from the board
    previous = "GPIO27"
    select = "GPIO22"
    long_press_ms = 800

    [control]
    socket = "/run/weather-kiosk/control.sock"

    [[cities]]                          # the favourites, in display order
    name = "Rome"
    country = "Italy"
    admin1 = "Lazio"
    latitude = 41.89193
    longitude = 12.51133
    timezone = "Europe/Rome"
    geoname_id = 3169070

    """

@Suite struct SocketPathTests {
    @Test func aBrokenConfigStillNamesItsSocket() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "[display\n[control]\nsocket = \"/tmp/x.sock\"  # mine\n")
        #expect(
            ConfigStore(explicitPath: directory.file("config.toml"), environment: [:])
                .socketCandidates()
                .first == "/tmp/x.sock")
        directory.write(
            "config.toml", "[display]\ncycle_seconds = 0\n[control]\nsocket = \"/tmp/y.sock\"\n")
        #expect(
            ConfigStore(explicitPath: directory.file("config.toml"), environment: [:])
                .socketCandidates()
                .first == "/tmp/y.sock")
        directory.write("config.toml", "[display\n")
        #expect(
            ConfigStore(explicitPath: directory.file("config.toml"), environment: [:])
                .socketCandidates()
                .first == "/tmp/weather-kiosk-simulator/control.sock",
            "the board's, not the built-in default")
    }
}
