import CFuzzerDriver
import Glibc

/// The C signature of `LLVMFuzzerTestOneInput`: one input, 0 when it was handled.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// The `main` of every fuzz target.
///
/// Built with `-D FUZZING` (and `-sanitize=fuzzer,address`), it hands the command line to
/// libFuzzer (`LLVMFuzzerRunDriver`): SwiftPM renames an executable's `main`, so libFuzzer's
/// own `main` is never linked. Built without it, it replays every file (or every file in
/// every directory) named on the command line once, so that a crash input can be run under
/// a debugger or without sanitizers: `fuzz-i2cdump crash-1234…`.
public enum FuzzMain {
    /// Runs `callback` under libFuzzer, or over the files named on the command line.
    public static func run(_ callback: FuzzCallback) -> Never {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
        #else
        let paths = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
        guard !paths.isEmpty else {
            let name = CommandLine.arguments.first ?? "fuzz-target"
            print("usage: \(name) FILE|DIRECTORY…  (replays inputs; fuzzing needs -D FUZZING)")
            exit(2)
        }
        var count = 0
        for path in paths {
            for file in files(at: path) {
                guard let bytes = contents(of: file) else {
                    print("cannot read \(file)")
                    exit(1)
                }
                _ = bytes.withUnsafeBufferPointer { callback($0.baseAddress, $0.count) }
                count += 1
            }
        }
        print("replayed \(count) input\(count == 1 ? "" : "s") without a crash")
        exit(0)
        #endif
    }

    /// `path` itself, or the regular files in it when it is a directory, sorted.
    static func files(at path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if !name.hasPrefix(".") { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    /// The bytes of the file at `path`; nil when it cannot be read.
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 { return nil }
            if count == 0 { return result }
            result += buffer[0..<count]
        }
    }
}

/// The input as an array.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run: a property the target checks does not hold. libFuzzer reports it as a
/// crash and keeps the input.
public func fuzzFailure(_ message: String) -> Never {
    fatalError("fuzz property failed: \(message)")
}
