public import FoundationEssentials
import Glibc

extension FileSystem {
    /// How many moved-aside copies of one file are kept.
    static let keptAsideCopies = 3

    /// Moves the unreadable file at `path` aside to `path.corrupt-YYYYMMDDTHHMMSSZ`, so that
    /// the next write does not destroy what someone may want to look at, and removes all
    /// but the newest three such copies. Nothing moves when the file no longer holds
    /// `contents` (a writer replaced it meanwhile). Call it holding the directory's lock.
    /// - Returns: the new path, or nil when nothing was moved.
    public static func moveAside(_ path: String, holding contents: [UInt8], now: Date) -> String? {
        // A file that cannot be read again, or reads differently, is left where it is: the
        // caller's sentence then says it was ignored, and nothing is lost.
        let current: [UInt8]?
        do {
            current = try read(path, limit: max(contents.count, 1) + 1)
        } catch {
            return nil
        }
        guard current == contents else { return nil }
        let target = "\(path).corrupt-\(timestamp(now))"
        guard rename(path, target) == 0 else { return nil }
        let directory = directory(of: path)
        let prefix = "\(fileName(of: path)).corrupt-"
        let copies = entries(of: directory).filter { $0.hasPrefix(prefix) }.sorted()
        for old in copies.dropLast(keptAsideCopies) { remove("\(directory)/\(old)") }
        return target
    }

    /// Moves `path` aside under the lock of its directory; see `moveAside(_:holding:now:)`.
    public static func moveAsideLocking(_ path: String, holding contents: [UInt8], now: Date)
        -> String?
    {
        do {
            return try DirectoryLock.withLock(on: directory(of: path)) {
                moveAside(path, holding: contents, now: now)
            }
        } catch {
            // Without the lock a writer might be replacing the file: leave it.
            return nil
        }
    }

    /// The names in `directory` ("." and ".." left out); empty when it cannot be read.
    static func entries(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
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
