import FoundationEssentials
import KioskCommands
import KioskConfig
import KioskControl
import KioskCore
import KioskDaemon
import KioskDisplays
import KioskTesting
import LinuxPlatform
import Rendering
import Synchronization
import Testing

/// The `render` verb without the binary: from the cache, from the demo data, and its errors.
@Suite struct RenderCommandTests {
    /// A console that keeps what it was given.
    final class Recorder: Sendable {
        let output = Mutex<String>("")
        let errors = Mutex<String>("")
        let bytes = Mutex<[UInt8]>([])

        var console: Console {
            Console(
                write: { text in self.output.withLock { $0 += text } },
                printError: { text in self.errors.withLock { $0 += text + "\n" } })
        }
    }

    /// A config in `directory` with Rome and Berlin and the state directory next to it.
    static func writeConfig(_ directory: TemporaryDirectory, extra: String = "") -> ConfigStore {
        directory.write(
            "config.toml",
            """
            state_dir = "\(directory.path)/state"
            \(extra)
            [[cities]]
            name = "Rome"
            latitude = 41.89193
            longitude = 12.51133

            [[cities]]
            name = "Berlin"
            latitude = 52.52437
            longitude = 13.41053

            """)
        return ConfigStore(explicitPath: directory.file("config.toml"), environment: [:])
    }

    /// Caches Rome's demo forecast, fetched `age` seconds before `now`.
    static func cacheRome(_ directory: TemporaryDirectory, now: Date, age: Double) throws {
        let rome = try #require(DemoData.favourites.first?.forecast)
        try ForecastCache(directory: "\(directory.path)/state").store(
            [
                ForecastCache.Entry(
                    coordinate: Coordinate(latitude: 41.89193, longitude: 12.51133),
                    fetchedAt: now.addingTimeInterval(-age), forecast: rome)
            ], now: now)
    }

    @Test func aCachedForecastIsDrawnToAPNGFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = Self.writeConfig(directory)
        try Self.cacheRome(directory, now: DemoData.now, age: 300)
        let recorder = Recorder()
        let output = directory.file("page.png")
        try RenderCommands(store: store, console: recorder.console).render(
            RenderCommands.Request(
                page: .city, size: PixelSize(width: 480, height: 320), output: output),
            now: DemoData.now)
        let bytes = try #require(readBytes(output))
        let image = try PNGCodec.decode(bytes)
        #expect(image.size == PixelSize(width: 480, height: 320))
        #expect(
            recorder.errors.withLock { $0 }
                == "Wrote the city page of Rome (480x320, dark) to \(output).\n")
        // The same page as the renderer draws from the same model.
        let expected = try PageRenderer().render(
            PageModel(
                page: .city, now: DemoData.now,
                kioskUTCOffsetSeconds: KioskClock.localOffset(at: DemoData.now), language: .en,
                city: CityWeather(
                    city: City(
                        name: "Rome",
                        coordinate: Coordinate(latitude: 41.89193, longitude: 12.51133)),
                    forecast: DemoData.favourites[0].forecast,
                    fetchedAt: DemoData.now.addingTimeInterval(-300))),
            size: PixelSize(width: 480, height: 320)
        ).image
        #expect(image == expected)
    }

    @Test func anOldForecastGetsTheStaleNotice() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = Self.writeConfig(directory)
        try Self.cacheRome(directory, now: DemoData.now, age: 3 * 3600)
        let recorder = Recorder()
        try RenderCommands(
            store: store, console: recorder.console,
            standardOutput: { bytes in recorder.bytes.withLock { $0 += bytes } }
        ).render(RenderCommands.Request(page: .hourly, output: "-"), now: DemoData.now)
        let image = try PNGCodec.decode(recorder.bytes.withLock { $0 })
        #expect(image.size == PixelSize(width: 800, height: 480))
        // Nothing but the PNG goes to standard output.
        #expect(recorder.output.withLock { $0 }.isEmpty)
        #expect(recorder.errors.withLock { $0 }.isEmpty)
    }

    @Test func aCityWithoutCacheIsNamedWithTheWayOut() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = Self.writeConfig(directory)
        try Self.cacheRome(directory, now: DemoData.now, age: 300)
        let recorder = Recorder()
        #expect {
            try RenderCommands(store: store, console: recorder.console).render(
                RenderCommands.Request(
                    page: .city, city: "berlin", output: directory.file("x.png")),
                now: DemoData.now)
        } throws: { error in
            let failure = error as? CommandFailure
            return failure?.exitCode == 1
                && failure?.message
                    == "No forecast cached for Berlin yet: run `weather-kiosk forecast` or use --demo."
        }
        #expect(!FileSystem.exists(directory.file("x.png")))
    }

    @Test func anUnknownCityIsAUsageError() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = Self.writeConfig(directory)
        #expect {
            try RenderCommands(store: store, console: Recorder().console).render(
                RenderCommands.Request(city: "Oslo", demo: true, output: directory.file("x.png")))
        } throws: { error in
            (error as? CommandFailure)?.exitCode == 2
                && "\(error)".contains("No favourite is named \"Oslo\"")
        }
    }

    @Test func theDemoNeedsNoConfigAndNoCache() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = ConfigStore(explicitPath: directory.file("missing.toml"), environment: [:])
        let recorder = Recorder()
        for page in PageKind.allCases {
            let output = directory.file("\(page.rawValue).png")
            try RenderCommands(store: store, console: recorder.console).render(
                RenderCommands.Request(
                    page: page, city: "Tokyo", theme: .light, demo: true, output: output))
            let image = try PNGCodec.decode(try #require(readBytes(output)))
            let expected = try PageRenderer().render(
                DemoData.model(page: page, cityIndex: 2, theme: .light),
                size: PixelSize(width: 800, height: 480)
            ).image
            #expect(image == expected, "\(page)")
        }
        // Only the per-city pages name the city: the map shows every favourite.
        let said = recorder.errors.withLock { $0 }
        #expect(said.contains("Wrote the city page of Tokyo (800x480, light)"), "\(said)")
        #expect(said.contains("Wrote the sky page of Tokyo (800x480, light)"), "\(said)")
        #expect(said.contains("Wrote the map page (800x480, light)"), "\(said)")
        #expect(said.contains("Wrote the indoor page (800x480, light)"), "\(said)")
    }

    @Test func theConfiguredSizeIsTheDefault() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = Self.writeConfig(directory, extra: "[display]\nsize = \"1024x600\"\n")
        let recorder = Recorder()
        let output = directory.file("demo.png")
        try RenderCommands(store: store, console: recorder.console).render(
            RenderCommands.Request(page: .map, demo: true, output: output))
        #expect(
            try PNGCodec.decode(try #require(readBytes(output))).size
                == PixelSize(width: 1024, height: 600))
    }

    @Test func aBadSizeInTheConfigIsRefusedWithItsLine() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = Self.writeConfig(directory, extra: "[display]\nsize = \"big\"\n")
        #expect {
            try RenderCommands(store: store, console: Recorder().console).render(
                RenderCommands.Request(demo: true, output: directory.file("x.png")))
        } throws: { error in
            (error as? CommandFailure)?.exitCode == 2
                && "\(error)".contains(
                    "line 3: display.size must be WIDTHxHEIGHT with each from 16 to 8192, such as \"800x480\", or an LCD's COLUMNSxROWS such as \"20x4\", not \"big\""
                )
        }
    }

    @Test func withoutFavouritesTheEmptyPageIsDrawn() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "state_dir = \"\(directory.path)/state\"\n")
        let store = ConfigStore(explicitPath: directory.file("config.toml"), environment: [:])
        let recorder = Recorder()
        try RenderCommands(store: store, console: recorder.console).render(
            RenderCommands.Request(page: .city, output: directory.file("empty.png")))
        #expect(recorder.errors.withLock { $0 }.hasPrefix("Wrote the empty page ("))
    }

    @Test func noDestinationIsAUsageError() {
        #expect {
            try RenderCommands(
                store: ConfigStore(explicitPath: "/nonexistent/config.toml", environment: [:]),
                console: Recorder().console
            ).render(RenderCommands.Request(demo: true))
        } throws: { error in
            (error as? CommandFailure)?.exitCode == 2
        }
    }

    @Test func aPNGDisplayReplacesItsFileAndBlanksWhenOff() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("kiosk.png")
        let display = PNGDisplay(path: path, size: PixelSize(width: 4, height: 2))
        let frame = PixelImage(width: 4, height: 2, filledWith: 0xFFFF_FFFF)
        try display.show(frame)
        #expect(try PNGCodec.decode(try #require(readBytes(path))) == frame)
        try display.setPower(.off)
        #expect(
            try PNGCodec.decode(try #require(readBytes(path))) == PixelImage(width: 4, height: 2))
        try display.show(PixelImage(width: 4, height: 2, filledWith: 0xFF00_00FF))
        #expect(
            try PNGCodec.decode(try #require(readBytes(path))) == PixelImage(width: 4, height: 2))
        try display.setPower(.dim)
        #expect(
            try PNGCodec.decode(try #require(readBytes(path)))
                == PixelImage(width: 4, height: 2, filledWith: 0xFF00_004B))
        // No temporary files are left behind.
        #expect(directory.list() == ["kiosk.png"])
    }

    @Test func aPNGDisplayInAMissingDirectoryNamesIt() {
        let display = PNGDisplay(
            path: "/nonexistent-dir/kiosk.png", size: PixelSize(width: 4, height: 2))
        #expect {
            try display.show(PixelImage(width: 4, height: 2))
        } throws: { error in
            "\(error)".hasPrefix(
                "Cannot write /nonexistent-dir/kiosk.png: no such file or directory")
        }
    }

    private func readBytes(_ path: String) -> [UInt8]? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        return [UInt8](data)
    }
}
