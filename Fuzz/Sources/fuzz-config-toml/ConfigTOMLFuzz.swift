import FuzzSupport
import KioskConfig
import KioskCore

// A config file's text: resolved as the daemon and `config check` resolve it (TOML, board
// profile, schema, every problem located by line), then edited as `config set`, `city add`,
// `city remove` and `city move` edit it. An edit of a file that parses must give a file
// that parses and says what was set. An input that starts with byte 0x01 describes a
// deeply nested file instead (`DeepShape`): a dotted header, array-of-tables header, key or
// inline table of up to 20,000 parts, which once overflowed the parser's stack.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ConfigTOMLFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum ConfigTOMLFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    static let city = City(
        name: "São \"Paulo\" \\ #1", country: "Brasil", admin1: "São Paulo",
        coordinate: Coordinate(latitude: -23.5475, longitude: -46.63611),
        timezone: "America/Sao_Paulo", geonameID: 3_448_439)

    static func test(_ input: [UInt8]) {
        let bytes = DeepShape.expand(input) ?? input
        let document = ConfigDocument(
            file: "/etc/weather-kiosk/config.toml", text: String(decoding: bytes, as: UTF8.self))
        do {
            _ = try ConfigStore.resolve(document)
        } catch {
            _ = error.description
        }
        let parses = (try? document.parse()) != nil
        edit(document, checked: parses)
    }

    /// Every edit; with `checked`, each result must parse and hold the edit.
    static func edit(_ document: ConfigDocument, checked: Bool) {
        func check(_ edited: ConfigDocument, _ what: String, _ holds: (ConfigDocument) -> Bool) {
            guard checked else { return }
            guard (try? edited.parse()) != nil else {
                fuzzFailure("\(what) made a file that does not parse:\n\(edited.text)")
            }
            guard holds(edited) else { fuzzFailure("\(what) did not hold:\n\(edited.text)") }
        }
        let cycle = ConfigPath(dotted: "display.cycle_seconds")
        if let edited = try? document.setting(cycle, to: .integer(30)) {
            check(edited, "config set display.cycle_seconds 30") {
                (try? $0.value(at: cycle)) == .integer(30)
            }
        }
        let name = ConfigPath(dotted: "station.name")
        if let edited = try? document.setting(name, to: .string(city.name)) {
            check(edited, "config set station.name") {
                (try? $0.value(at: name)) == .string(city.name)
            }
        }
        if let edited = try? document.removing(cycle) {
            check(edited, "removing display.cycle_seconds") { (try? $0.value(at: cycle)) == nil }
        }
        guard let count = try? document.cityEntryCount() else { return }
        if let edited = try? document.appendingCity(city) {
            check(edited, "city add") { (try? $0.cityEntryCount()) == count + 1 }
        }
        if count >= 1, let edited = try? document.removingCity(at: 1) {
            check(edited, "city remove 1") { (try? $0.cityEntryCount()) == count - 1 }
        }
        if count >= 2, let edited = try? document.movingCity(from: 1, to: count) {
            check(edited, "city move 1 \(count)") { (try? $0.cityEntryCount()) == count }
        }
    }
}

/// A deeply nested config from a few bytes: 0x01, the number of parts (two bytes, up to
/// 20,000), the shape, the part (up to 8 bytes), then text that follows the nested line.
enum DeepShape: CaseIterable {
    case header
    case arrayOfTablesHeader
    case dottedKey
    case inlineTable
    case nestedArrays

    static func expand(_ input: [UInt8]) -> [UInt8]? {
        guard input.first == 0x01 else { return nil }
        var reader = FuzzedBytes(Array(input.dropFirst()))
        let count = reader.int(in: 1...20_000)
        let shape = reader.pick(allCases)
        var part = reader.text(maximumBytes: 8)
        if part.isEmpty { part = "a" }
        let rest = String(decoding: reader.rest(), as: UTF8.self)
        let dotted = Array(repeating: part, count: count).joined(separator: ".")
        let line: String
        switch shape {
        case .header: line = "[\(dotted)]\nx = 1"
        case .arrayOfTablesHeader: line = "[[\(dotted)]]\nx = 1"
        case .dottedKey: line = "\(dotted) = 1"
        case .inlineTable:
            line =
                "t = " + String(repeating: "{ \(part) = ", count: count) + "1"
                + String(repeating: " }", count: count)
        case .nestedArrays:
            line =
                "v = " + String(repeating: "[", count: count) + String(repeating: "]", count: count)
        }
        return Array("board = \"simulator\"\n\(line)\n\(rest)".utf8)
    }
}
