import Glibc
import KioskApp
import KioskCore
import KioskTesting
import Testing

/// Writers killed with SIGKILL at random instants never leave a torn config behind.
@Suite struct AtomicWriteTests {
    @Test func configAlwaysParsesAfterWritersAreKilled() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        // A large file makes each write take long enough for kills to land inside it.
        let padding = (0..<4000).map {
            "# padding line \($0) of a long hand-written comment block\n"
        }
        .joined()
        let original = "[display]\ncycle_seconds = 15\n\n" + padding
        directory.write("config.toml", original)
        let path = directory.file("config.toml")
        var generator = SystemRandomNumberGenerator()
        var killedMidway = 0
        var completed = 0
        for round in 0..<25 {
            let writers = (0..<4).map { writer in
                KioskBinary.spawn([
                    "config", "set", "display.cycle_seconds", String(20 + round * 4 + writer),
                    "--config", path,
                ])
            }
            // One writer lives about 80 ms (debug build) and the four take turns on the lock:
            // kills land before, during and after the writes.
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...300, using: &generator)))
            writers.forEach { $0.signal(SIGKILL) }
            for writer in writers {
                let result = await writer.finish(timeout: 30)
                if result.exitCode == 128 + SIGKILL { killedMidway += 1 }
                if result.exitCode == 0 { completed += 1 }
            }
            let text = try #require(directory.read("config.toml"))
            let configuration = try ConfigStore.resolve(ConfigDocument(file: path, text: text))
            #expect(text.hasSuffix(padding), "round \(round): the file lost its comments")
            #expect(
                configuration.display.cycleSeconds == 15 || configuration.display.cycleSeconds >= 20
            )
        }
        // Both outcomes must have happened, or the test proved nothing.
        #expect(killedMidway > 0 && completed > 0, "killed \(killedMidway), completed \(completed)")
        // The next successful write clears what killed writers left behind.
        let final = await KioskBinary.run([
            "config", "set", "display.cycle_seconds", "60", "--config", path,
        ])
        #expect(final.exitCode == 0)
        #expect(directory.list() == ["config.toml"])
    }
}
