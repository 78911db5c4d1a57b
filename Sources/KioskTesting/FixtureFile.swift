import FoundationEssentials

/// Test fixtures read from the source tree: a resource bundle's accessor would need full
/// Foundation's `Bundle`.
public enum FixtureFile {
    /// The bytes of `Fixtures/<name>` in the folder of the source file `filePath` (pass
    /// the caller's `#filePath`).
    /// - Throws: the read error when the file is missing or unreadable.
    public static func bytes(_ name: String, besides filePath: String) throws -> [UInt8] {
        let directory = filePath.split(separator: "/", omittingEmptySubsequences: false)
            .dropLast().joined(separator: "/")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/Fixtures/" + name)))
    }
}
