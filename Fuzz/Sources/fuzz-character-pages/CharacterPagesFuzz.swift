import FuzzSupport
import FuzzedPages
import KioskCore
import Rendering

// Every page laid out for every character LCD (16×2, 20×2, 16×4, 20×4, 40×2), every step,
// from a fuzzed page model: names in any script, missing and extreme values, notices. Each
// frame must fill its grid exactly. The names also go through the transliteration the LCD and
// the city search use.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    CharacterPagesFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum CharacterPagesFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    static func test(_ bytes: [UInt8]) {
        var input = FuzzedBytes(bytes)
        let model = FuzzedPageModel.make(&input)
        for weather in model.favourites {
            let ascii = Transliteration.ascii(weather.city.name, keeping: ["°", "ä", "ö", "ü"])
            guard ascii.allSatisfy({ $0.isASCII || "°äöü".contains($0) }) else {
                fuzzFailure("transliterated \"\(weather.city.name)\" to \"\(ascii)\"")
            }
            _ = Transliteration.searchKey(weather.city.name)
            _ = CharacterROM.codes(weather.city.name)
        }
        _ = CharacterGridSize(parsing: model.host.name)
        for size in CharacterGridSize.supported {
            let layout = CharacterPageLayout(size: size)
            let steps = layout.steps(for: model)
            let frames = layout.frames(for: model)
            guard frames.count == steps || (frames.isEmpty && steps == 1) else {
                fuzzFailure("\(size): \(steps) steps but \(frames.count) frames")
            }
            for step in 0..<steps {
                let frame = layout.frame(for: model, step: step)
                guard frame.codes.count == size.count,
                    frame.glyphs.count <= CharacterFrame.glyphLimit
                else {
                    fuzzFailure("\(size) step \(step): \(frame.codes.count) codes")
                }
                _ = SmallDisplayText.characterLCD(frame)
            }
        }
    }
}
