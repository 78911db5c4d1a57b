import Glibc  // Glibc: mkdtemp and removal of test directories (test support)

/// A fresh directory under /tmp for one test, removed with everything in it by `remove()`.
public struct TemporaryDirectory: Sendable {
    /// Its absolute path.
    public let path: String

    /// Creates `/tmp/weather-kiosk-test-XXXXXX`.
    public init() {
        var template = Array("/tmp/weather-kiosk-test-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed: \(errno)")  // test-machine failure
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path/name`.
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Writes `text` to `path/name`.
    public func write(_ name: String, _ text: String, mode: UInt32 = 0o644) {
        let descriptor = open(file(name), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(mode))
        precondition(descriptor >= 0, "cannot write \(file(name)): \(errno)")
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// The text of `path/name`, or nil when it does not exist.
    public func read(_ name: String) -> String? {
        let descriptor = open(file(name), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            result += buffer[0..<count]
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The names in the directory, sorted, without "." and "..".
    public func list(_ subdirectory: String = "") -> [String] {
        Self.names(in: subdirectory.isEmpty ? path : file(subdirectory))
    }

    /// The names in any directory, sorted, without "." and ".."; empty when it cannot be read.
    public static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes the directory and everything under it.
    public func remove() { Self.removeTree(path) }

    private static func removeTree(_ path: String) {
        if let stream = opendir(path) {
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name == "." || name == ".." { continue }
                let child = "\(path)/\(name)"
                var info = stat()
                if lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                    removeTree(child)
                } else {
                    unlink(child)
                }
            }
            closedir(stream)
        }
        rmdir(path)
    }
}
