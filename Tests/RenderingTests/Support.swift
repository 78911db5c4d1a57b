import FoundationEssentials
import Glibc
import KioskCore
import Rendering
import Testing

/// The sizes the issue names, landscape and portrait.
let everySize: [PixelSize] = [
    PixelSize(width: 320, height: 240), PixelSize(width: 480, height: 320),
    PixelSize(width: 800, height: 480), PixelSize(width: 1024, height: 600),
    PixelSize(width: 1280, height: 720), PixelSize(width: 1920, height: 1080),
    PixelSize(width: 480, height: 800),
]

/// One renderer for the whole test process (fonts load once).
let renderer: PageRenderer = {
    do {
        return try PageRenderer()
    } catch {
        fatalError("the test machine has no DejaVu fonts: \(error)")  // test-machine failure
    }
}()

/// `Goldens/` next to this file.
func goldenDirectory(filePath: String = #filePath) -> String {
    filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/") + "/Goldens"
}

/// The bytes of a file, or nil when it does not exist.
func readFile(_ path: String) -> [UInt8]? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
    return [UInt8](data)
}

/// Writes bytes to a file, replacing it.
func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Whether the environment asks to re-record the goldens.
var recordingGoldens: Bool {
    guard let value = getenv("RECORD_GOLDENS") else { return false }
    return String(cString: value) == "1"
}

/// How two pictures differ.
struct ImageDifference {
    /// Pixels with a channel differing by more than the tolerance.
    var differingPixels: Int
    /// The largest channel difference.
    var largestDifference: Int
    /// All pixels.
    var pixelCount: Int

    var differingFraction: Double { Double(differingPixels) / Double(max(1, pixelCount)) }
}

/// Compares two pictures of the same size channel by channel.
func difference(_ a: PixelImage, _ b: PixelImage, tolerance: Int) -> ImageDifference {
    var differing = 0
    var largest = 0
    for index in a.pixels.indices {
        let x = a.pixels[index]
        let y = b.pixels[index]
        if x == y { continue }
        var worst = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let delta = abs(Int((x >> UInt32(shift)) & 0xFF) - Int((y >> UInt32(shift)) & 0xFF))
            worst = max(worst, delta)
        }
        largest = max(largest, worst)
        if worst > tolerance { differing += 1 }
    }
    return ImageDifference(
        differingPixels: differing, largestDifference: largest, pixelCount: a.pixels.count)
}

/// A city with the demo's forecast of another city, under a different name.
func renamed(_ weather: CityWeather, to name: String, country: String?) -> CityWeather {
    var copy = weather
    copy.city.name = name
    copy.city.country = country
    return copy
}

/// Ten favourites close together in central Europe.
let crowdedCities: [(String, Double, Double)] = [
    ("Berlin", 52.52, 13.41), ("Potsdam", 52.39, 13.06), ("Hamburg", 53.55, 9.99),
    ("Munich", 48.14, 11.58), ("Vienna", 48.21, 16.37), ("Prague", 50.09, 14.42),
    ("Zurich", 47.37, 8.55), ("Milan", 45.46, 9.19), ("Paris", 48.85, 2.35),
    ("Brussels", 50.85, 4.35),
]

/// The map page with `crowdedCities`, each with Rome's demo forecast.
func crowdedMapModel() -> PageModel {
    var model = DemoData.model(page: .map)
    let weather = model.favourites[0]
    model.favourites = crowdedCities.map { name, latitude, longitude in
        var city = weather
        city.city = City(
            name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude))
        return city
    }
    model.city = model.favourites[0]
    return model
}

/// An SCD41 indoors at 1450 ppm and a DS18B20 outdoors at `outdoor` °C, read at the demo's
/// time; the outdoor one failing since an hour with `outdoorError`.
func demoSensors(outdoor: Double, outdoorError: String? = nil) -> [SensorStatus] {
    [
        SensorStatus(
            entry: SensorEntry(model: .scd4x, name: "Living room"),
            values: SensorValues(carbonDioxide: CarbonDioxide(partsPerMillion: 1450)),
            readAt: DemoData.now),
        SensorStatus(
            entry: SensorEntry(model: .ds18b20, role: .outdoor, name: "Balcony"),
            values: SensorValues(temperature: Temperature(celsius: outdoor)),
            readAt: DemoData.now.addingTimeInterval(outdoorError == nil ? 0 : -3600),
            error: outdoorError),
    ]
}

/// Compares `image` with the committed `Goldens/<name>.png` (`RECORD_GOLDENS=1` writes it
/// instead): more than `allowedFraction` of pixels differing by more than `tolerance` in a
/// channel is an issue, and the picture drawn now is left in /tmp to look at.
func expectMatchesGolden(
    _ image: PixelImage, name: String, tolerance: Int, allowedFraction: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let path = goldenDirectory() + "/\(name).png"
    if recordingGoldens {
        try writeFile(path, try PNGCodec.encode(image))
        return
    }
    let golden = try PNGCodec.decode(
        try #require(
            readFile(path), "no golden \(path): record it with RECORD_GOLDENS=1",
            sourceLocation: sourceLocation))
    try #require(golden.size == image.size, sourceLocation: sourceLocation)
    let result = difference(image, golden, tolerance: tolerance)
    if result.differingFraction > allowedFraction {
        let actual = "/tmp/weather-kiosk-golden-\(name)-actual.png"
        try? writeFile(actual, try PNGCodec.encode(image))
        Issue.record(
            "\(name): \(result.differingPixels) of \(result.pixelCount) pixels differ (largest channel difference \(result.largestDifference)); the picture drawn now is \(actual)",
            sourceLocation: sourceLocation)
    }
}

/// Every text of `page` whole (not shortened with "…"), inside the screen, at least 10
/// pixels tall and apart from every other; `name` says which page in the messages.
func expectWholeTexts(
    _ page: RenderedPage, name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let size = page.image.size
    let screen = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    for text in page.texts {
        #expect(
            !text.text.hasSuffix("…"), "\(name): \"\(text.text)\" is cut",
            sourceLocation: sourceLocation)
        #expect(screen.contains(text.bounds, tolerance: 0.5), sourceLocation: sourceLocation)
        #expect(
            text.size >= 10, "\(name): \"\(text.text)\" is \(text.size) px",
            sourceLocation: sourceLocation)
    }
    for (index, text) in page.texts.enumerated() {
        for other in page.texts[(index + 1)...] {
            #expect(
                !text.bounds.inset(0.5).intersects(other.bounds.inset(0.5)),
                "\(name): \"\(text.text)\" overlaps \"\(other.text)\"",
                sourceLocation: sourceLocation)
        }
    }
}
