import FoundationEssentials

/// The bytes of `Fixtures/<name>`, read next to this source file (a resource bundle's
/// accessor would need full Foundation's `Bundle`).
func fixture(_ name: String, filePath: String = #filePath) throws -> [UInt8] {
    let directory = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/")
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/Fixtures/" + name)))
}
