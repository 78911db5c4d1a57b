import KioskControl
import KioskTesting
import Testing

/// `preview` and `run` on the terminal display give the terminal back as it was: in a
/// pseudo-terminal (util-linux `script`), Ctrl-C (SIGINT) leaves the alternate screen, so
/// the last frame does not stay in the scrollback.
@Suite struct TerminalRestoreTests {
    /// Runs `arguments` in a pseudo-terminal, sends SIGINT as soon as the alternate screen is
    /// entered, and returns everything the terminal received. The program starts as a
    /// background job of `sh`, with SIGINT ignored until it traps it: the screen must not be
    /// entered before a Ctrl-C can end it (in CI a SIGINT sent then was lost, and `run` ran on).
    func interruptInTerminal(_ arguments: [String], in directory: TemporaryDirectory) async
        -> String
    {
        let quoted = ([KioskBinary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let script = """
            typescript="$1"; pidfile="$2"
            script -qfec "echo \\$\\$ > '$pidfile'; exec \(quoted)" "$typescript" \
                </dev/null >/dev/null 2>&1 &
            wrapper=$!
            escape=$(printf '\\033')
            tries=0
            until grep -q "$escape\\[?1049h" "$typescript" 2>/dev/null; do
                tries=$((tries + 1)); [ $tries -gt 3000 ] && break; sleep 0.01
            done
            kill -INT "$(cat "$pidfile")"
            wait $wrapper
            """
        let result = await ExternalProgram.run(
            "/bin/sh",
            ["-c", script, "sh", directory.file("typescript"), directory.file("pid")],
            timeout: 90)
        #expect(!result.timedOut)
        return directory.read("typescript") ?? ""
    }

    @Test func previewLeavesTheAlternateScreenOnCtrlC() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        #expect(await daemon.waitFor("a frame") { $0.display.frame >= 1 } != nil)
        let output = await interruptInTerminal(
            ["preview", "--config", daemon.kiosk.configPath], in: daemon.kiosk.directory)
        let enter = try #require(output.ranges(of: "\u{1B}[?1049h").first)
        let leave = try #require(output.ranges(of: "\u{1B}[?1049l").last)
        #expect(enter.upperBound <= leave.lowerBound)
        #expect(output[enter.upperBound...].contains("\u{1B}[H"), "a frame was drawn")
        #expect(output.contains("COMMAND_EXIT_CODE=\"130\""))
    }

    @Test func runOnTheTerminalLeavesTheAlternateScreenOnCtrlC() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: """
                [display]
                kind = "terminal"
                [sensor]
                kind = "simulated"
                [buttons]
                backend = "none"
                [control]
                socket = "\(kiosk.directory.file("control.sock"))"

                """)
        let output = await interruptInTerminal(
            ["run", "--config", kiosk.configPath, "--log", kiosk.directory.file("kiosk.log")],
            in: kiosk.directory)
        let enter = try #require(output.ranges(of: "\u{1B}[?1049h").first)
        let leave = try #require(output.ranges(of: "\u{1B}[?1049l").last)
        #expect(enter.upperBound <= leave.lowerBound)
        #expect(output.contains("COMMAND_EXIT_CODE=\"0\""))
    }
}
