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
        // How long one writer lives on this machine now (about 80 ms in a debug build on an
        // idle machine, several times that under load): the kills are spread over the time
        // four writers take in turn, so that some land before, during and after the writes
        // however busy the machine is. The time only spreads the kills; nothing asserts on it.
        let clock = ContinuousClock()
        let started = clock.now
        let probe = await KioskBinary.run([
            "config", "set", "display.cycle_seconds", "16", "--config", path,
        ])
        #expect(probe.exitCode == 0)
        let single = started.duration(to: clock.now)
        let spread = max(300, Int(single * 5 / .milliseconds(1)))
        var killedMidway = 0
        var completed = 0
        for round in 0..<25 {
            let writers = (0..<4).map { writer in
                KioskBinary.spawn([
                    "config", "set", "display.cycle_seconds", String(20 + round * 4 + writer),
                    "--config", path,
                ])
            }
            try await Task.sleep(
                for: .milliseconds(Int.random(in: 0...spread, using: &generator)))
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
                configuration.display.cycleSeconds == 16 || configuration.display.cycleSeconds >= 20
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
