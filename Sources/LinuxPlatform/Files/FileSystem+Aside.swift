import FoundationEssentials
import Glibc

extension FileSystem {
    /// How many moved-aside copies of one file are kept.
    static let keptAsideCopies = 3

    /// The names in `directory` ("." and ".." left out); empty when it cannot be read.
    static func entries(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        return names(closing: stream)
    }

    /// The names a directory stream lists ("." and ".." left out); closes the stream.
    static func names(closing stream: OpaquePointer) -> [String] {
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// "20261124T094700Z": UTC, sorts as it reads.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}
