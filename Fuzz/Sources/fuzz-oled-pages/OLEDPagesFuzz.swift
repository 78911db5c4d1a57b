import FuzzSupport
import FuzzedPages
import KioskCore
import Rendering

// A fuzzed page model drawn for a 128×64 or 128×32 OLED (Cairo, monochrome), at every step
// of the page: names in any script, missing and extreme values, notices.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    OLEDPagesFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum OLEDPagesFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    static let renderer = try? PageRenderer()

    static func test(_ bytes: [UInt8]) {
        guard let renderer else { fuzzFailure("no fonts: install fonts-dejavu-core") }
        var input = FuzzedBytes(bytes)
        let size =
            input.bool() ? PixelSize(width: 128, height: 64) : PixelSize(width: 128, height: 32)
        let model = FuzzedPageModel.make(&input)
        let steps = renderer.steps(for: model, size: size)
        guard (1...64).contains(steps) else { fuzzFailure("\(steps) steps at \(size)") }
        for step in 0..<steps {
            do {
                let bitmap = try renderer.renderBitmap(model, size: size, step: step)
                _ = bitmap
            } catch {
                fuzzFailure("\(size) step \(step): \(error)")
            }
        }
    }
}
