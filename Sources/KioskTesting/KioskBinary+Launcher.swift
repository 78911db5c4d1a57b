extension KioskBinary {
    /// Runs the binary under a launcher program, such as
    /// `["/usr/bin/setpriv", "--reuid=65534", …]`, to completion.
    /// - Parameters:
    ///   - launcher: the launcher's absolute path and its arguments; the binary's path
    ///     (`binary`, default `KioskBinary.path`) and `arguments` follow them.
    ///   - environment: variables added to a minimal environment (PATH, HOME, LANG).
    ///   - timeout: a safety net; the process is killed after it and `timedOut` is set.
    public static func run(
        under launcher: [String], binary: String = path, _ arguments: [String],
        environment: [String: String] = [:], timeout: Double = 120
    ) async -> BinaryResult {
        var base: [String: String] = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8",
        ]
        for (key, value) in environment { base[key] = value }
        let environment = base
        let process = await onDedicatedThread {
            RunningBinary(arguments: launcher + [binary] + arguments, environment: environment)
        }
        return await process.finish(timeout: timeout)
    }
}
