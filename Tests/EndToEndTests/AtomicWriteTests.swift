import Glibc
import KioskConfig
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
        // The kills land a random time after the start, up to twice `spread`; the spread
        // adapts to how fast writers run on this machine now (about 80 ms each in a debug
        // build on an idle machine, several times that under load): a round in which every
        // writer died doubles it, a round in which none did halves it. So kills land before,
        // during and after the writes however busy the machine is; no time is asserted.
        var spread = 150
        for round in 0..<60 {
            if round >= 25, killedMidway > 0, completed > 0 { break }
            let writers = (0..<4).map { writer in
                KioskBinary.spawn([
                    "config", "set", "display.cycle_seconds", String(20 + round * 4 + writer),
                    "--config", path,
                ])
            }
            try await Task.sleep(
                for: .milliseconds(Int.random(in: 0...(2 * spread), using: &generator)))
            writers.forEach { $0.signal(SIGKILL) }
            var (killedNow, completedNow) = (0, 0)
            for writer in writers {
                let result = await writer.finish(timeout: 30)
                if result.exitCode == 128 + SIGKILL { killedNow += 1 }
                if result.exitCode == 0 { completedNow += 1 }
            }
            killedMidway += killedNow
            completed += completedNow
            if completedNow == 0 {
                spread = min(spread * 2, 20_000)
            } else if killedNow == 0 {
                spread = max(spread / 2, 1)
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
