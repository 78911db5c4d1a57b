public import FoundationEssentials
public import KioskConfig
public import KioskControl
public import KioskCore
import LinuxPlatform
import Pixels
import Rendering

/// The verbs that talk to the running daemon: status, next, previous, show, page, refresh,
/// reload, screenshot.
public struct ControlCommands: Sendable {
    /// The socket client.
    public let client: ControlClient
    /// Where output goes.
    public let console: Console
    /// The language of `status`'s text: the config's, else the system's (English over a
    /// given client).
    public var language: Language = .en

    /// Creates the verbs for the daemon whose socket the config names. The config need not
    /// be valid: `status` is how one finds out what is wrong with it while the kiosk runs on
    /// its last good one, so the first of `ConfigStore.socketCandidates()` that answers is
    /// used; when none does, the first that refuses this user (a user outside the kiosk's
    /// group, who cannot read the system config either, gets the sentence that says how to
    /// join it), else the first one, for the "not running" message.
    public init(store: ConfigStore, console: Console) throws {
        let candidates = store.socketCandidates()
        let path =
            candidates.count == 1
            ? candidates[0]
            : candidates.first { ControlClient(path: $0).answers() }
                ?? candidates.first { ControlClient(path: $0).refusesThisUser() }
                ?? candidates[0]
        self.init(client: ControlClient(path: path), console: console)
        // An invalid config still has the system's language; `status` says what is wrong.
        language = store.readerLanguage
    }

    /// Creates the verbs over a given client.
    public init(client: ControlClient, console: Console) {
        self.client = client
        self.console = console
    }

    /// `status`: what the kiosk shows, its data, sensor, display and config.
    /// - Throws: `CommandFailure` (exit 3 when the daemon is not running).
    public func status(json: Bool, now: Date = Date()) throws {
        guard case .status(let status) = try exchange(.status) else { throw unexpected() }
        if json {
            console.print(try JSONText.encode(status))
            return
        }
        console.print(Self.describe(status, now: now, language: language))
    }

    /// `next`, `previous`, `show CITY`, `page P`, `refresh`, `reload`: a command and the
    /// sentence the kiosk answers with; with `json`, the whole `ControlResult` (what is shown
    /// now, what became of a refresh).
    /// - Throws: `CommandFailure` when the kiosk refuses (exit 2) or is not running (3).
    public func send(_ command: ControlCommand, json: Bool = false) throws {
        guard case .result(let result) = try exchange(command) else { throw unexpected() }
        console.print(
            json ? try JSONText.encode(result.languageNeutral) : result.message(in: language))
    }

    /// `reload`: makes the kiosk read its config now.
    /// - Throws: `CommandFailure` (exit 2) listing the problems when the file is refused.
    public func reload(json: Bool = false) throws {
        try send(.reload, json: json)
    }

    /// `screenshot -o FILE` (`-` = stdout): the frame on screen as PNG.
    /// - Throws: `CommandFailure` when there is no frame yet or the file cannot be written.
    public func screenshot(to path: String) throws {
        guard case .screenshot(let image) = try exchange(.screenshot) else { throw unexpected() }
        guard let png = Data(base64Encoded: image.png) else {
            throw CommandFailure.runtime("The kiosk sent a screenshot that is not base64 PNG data.")
        }
        if path == "-" {
            try writeStandardOutput(Array(png))
            return
        }
        do {
            try FileSystem.writeAtomically(Array(png), to: path)
        } catch {
            throw CommandFailure.runtime(error.message)
        }
        // TRANSLATORS: after `screenshot -o FILE`; {size} is "800x480".
        console.printError(
            language.localized(
                "Wrote {path} ({size}, frame {frame}).",
                [
                    "path": path, "size": "\(image.width)x\(image.height)",
                    "frame": String(image.frame),
                ]))
    }

    /// `preview`: the kiosk's screen in this terminal, redrawn whenever it changes, until
    /// Ctrl-C (or, with `frames`, after that many frames).
    /// - Throws: `CommandFailure` when the daemon is not running or stops answering.
    public func preview(frames: Int? = nil) throws {
        let terminal = TerminalDisplay(descriptor: 1)
        let colors = terminal.colors == .trueColor ? "truecolor" : "256"
        var last = -1
        var shown = 0
        // On the alternate screen, so that Ctrl-C gives the terminal back as it was.
        if CurrentProcess.isTerminal(1) {
            TerminalScreen.leaveOnInterrupt()
            FileDescriptor.writeAll(1, TerminalScreen.enter)
        }
        defer {
            if CurrentProcess.isTerminal(1) { FileDescriptor.writeAll(1, TerminalScreen.leave) }
        }
        while frames.map({ shown < $0 }) ?? true {
            let (columns, rows) = terminal.cells()
            let request = ControlCommand.preview(
                after: last, columns: columns, rows: max(1, rows - 1), colors: colors)
            guard case .preview(let reply) = try exchange(request, timeout: 40) else {
                throw unexpected()
            }
            guard reply.frame != last else { continue }
            last = reply.frame
            shown += 1
            FileDescriptor.writeAll(1, "\u{1B}[H" + reply.ansi)
        }
    }

    // MARK: Replies

    /// The kiosk's reply to `command`; a refusal throws its sentence and exit code.
    func exchange(_ command: ControlCommand, timeout: Double = 15) throws -> ControlReply {
        let reply = try client.exchange(command, timeout: timeout)
        if case .failure(let failure) = reply { throw failure.commandFailure }
        return reply
    }

    /// A reply of another kind than the command has: a daemon of another version.
    func unexpected() -> CommandFailure {
        CommandFailure.runtime(
            "The kiosk's answer lacks what this version of the command expects; are the daemon and the command the same version?"
        )
    }
}
