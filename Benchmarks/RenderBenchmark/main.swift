// Render benchmark: median time and heap allocations per page at 800×480 and 320×240, as an
// OLED bitmap at 128×64 and 128×32 and as LCD text at 16×2 and 20×4, and the conversion +
// copy of a full 800×480 frame to an RGB565 framebuffer (a file in /dev/shm standing in for
// /dev/fb0). Run in release:
//
//     swift run -c release render-benchmark [iterations]
//
// Allocations are counted by AllocationCounter, which defines malloc and its relatives in
// this executable, so every allocation of Swift, Cairo, FreeType and pixman is seen.
import AllocationCounter
import Glibc
import KioskCore
import LinuxPlatform
import Pixels
import Rendering

func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// Runs `body` `iterations` times after a warm-up; median milliseconds and allocations.
func measure(iterations: Int, _ body: () throws -> Void) rethrows -> (Double, Double) {
    for _ in 0..<3 { try body() }
    var times: [Double] = []
    var allocations: [Double] = []
    for _ in 0..<iterations {
        let before = AllocationCounter_allocations()
        let start = seconds()
        try body()
        times.append((seconds() - start) * 1000)
        allocations.append(Double(AllocationCounter_allocations() - before))
    }
    return (median(times), median(allocations))
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        text += String(repeating: "0", count: max(0, digits - decimals))
    }
    return text
}

let arguments = CommandLine.arguments
let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 50 : 50

do {
    let renderer = try PageRenderer()
    print("weather-kiosk render benchmark: median of \(iterations) runs after 3 warm-up runs")
    print("")
    print(pad("page", 10) + pad("size", 18) + pad("median ms", 12) + "allocations")
    for size in [PixelSize(width: 800, height: 480), PixelSize(width: 320, height: 240)] {
        for page in PageKind.allCases {
            let model = DemoData.model(page: page)
            let (time, allocations) = try measure(iterations: iterations) {
                _ = try renderer.render(model, size: size)
            }
            print(
                pad(page.rawValue, 10) + pad("\(size)", 18) + pad(fixed(time, 2), 12)
                    + String(Int(allocations)))
        }
    }

    for size in [PixelSize(width: 128, height: 64), PixelSize(width: 128, height: 32)] {
        for page in PageKind.allCases {
            let model = DemoData.model(page: page)
            let (time, allocations) = try measure(iterations: iterations) {
                _ = try renderer.renderBitmap(model, size: size)
            }
            print(
                pad(page.rawValue, 10) + pad("\(size) 1-bit", 18) + pad(fixed(time, 2), 12)
                    + String(Int(allocations)))
        }
    }
    for size in [CharacterGridSize.size16x2, .size20x4] {
        let layout = CharacterPageLayout(size: size)
        for page in PageKind.allCases {
            let model = DemoData.model(page: page)
            let (time, allocations) = measure(iterations: iterations) {
                _ = layout.frames(for: model)
            }
            print(
                pad(page.rawValue, 10) + pad("\(size) LCD", 18) + pad(fixed(time, 3), 12)
                    + String(Int(allocations)))
        }
    }

    print("")
    let size = PixelSize(width: 800, height: 480)
    let frames = try [PageKind.city, .map].map {
        try renderer.render(DemoData.model(page: $0), size: size).image
    }
    // Two frames that differ in every row: half the pixels inverted.
    var inverted = frames[0]
    for index in stride(from: 0, to: inverted.pixels.count, by: 2) {
        inverted.pixels[index] = 0xFF00_0000 | ~inverted.pixels[index]
    }
    let alternating = [frames[0], inverted]
    let converter = PixelConverter(format: .rgb565)
    var buffer = [UInt8](repeating: 0, count: 800 * 480 * 2)
    let (conversion, _) = measure(iterations: iterations * 4) {
        frames[0].pixels.withUnsafeBufferPointer { pixels in
            buffer.withUnsafeMutableBytes { raw in
                converter.convert(pixels.baseAddress!, count: 800 * 480, into: raw.baseAddress!)
            }
        }
    }
    let path = "/dev/shm/weather-kiosk-benchmark-fb"
    let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    _ = ftruncate(descriptor, 800 * 480 * 2)
    close(descriptor)
    defer { unlink(path) }
    let display = try FramebufferDisplay.open(
        file: path,
        geometry: FramebufferGeometry(width: 800, height: 480, lineLength: 1600, format: .rgb565))
    var flip = 0
    let (copy, copyAllocations) = try measure(iterations: iterations * 4) {
        flip ^= 1
        try display.show(alternating[flip])
    }
    let (unchanged, _) = try measure(iterations: iterations * 4) {
        try display.show(alternating[flip])
    }
    display.close()
    print("800x480 to RGB565, conversion only:                   \(fixed(conversion, 3)) ms")
    print(
        "800x480 to RGB565, conversion + compare + copy (all rows changed): \(fixed(copy, 3)) ms, \(Int(copyAllocations)) allocations"
    )
    print("800x480 to RGB565, same frame again (no row copied):  \(fixed(unchanged, 3)) ms")
    // What a PNG display (display.kind = "png", `screenshot`) adds to every frame.
    let (encoding, _) = try measure(iterations: iterations) {
        _ = try PNGCodec.encode(frames[0])
    }
    print("800x480 city page to PNG bytes:                       \(fixed(encoding, 2)) ms")
} catch {
    print("render-benchmark: \(error)")
    exit(1)
}
