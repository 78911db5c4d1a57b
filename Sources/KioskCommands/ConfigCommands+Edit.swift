import FoundationEssentials
import KioskConfig
import KioskControl
import KioskCore
import LinuxPlatform

extension ConfigCommands {
    /// `config edit`: opens the editor on a copy, validates it, and installs it atomically;
    /// on a problem it says what is wrong and offers to edit again (like visudo). Nothing
    /// invalid is ever installed.
    /// - Parameter environment: where `VISUAL`/`EDITOR` come from.
    /// - Throws: `CommandFailure` when nothing was installed because of a problem.
    public func edit(environment: [String: String]) throws {
        let original: String
        do {
            original =
                try FileSystem.read(store.path, limit: ConfigStore.sizeLimit, regularFileOnly: true)
                .map { String(decoding: $0, as: UTF8.self) } ?? Self.newFileTemplate
        } catch {
            throw CommandFailure.runtime(error.message)
        }
        let editor = try chooseEditor(environment)
        let copy: String
        do {
            copy = try FileSystem.writeScratchCopy(
                Array(original.utf8), nextTo: store.path, suffix: ".toml")
        } catch {
            throw CommandFailure.runtime(error.message)
        }
        var keepCopy = false
        defer { if !keepCopy { FileSystem.remove(copy) } }

        while true {
            let status: Int32
            do {
                status = try Subprocess.run(["sh", "-c", editor + " \"$1\"", "sh", copy])
            } catch {
                throw CommandFailure.runtime(error.message)
            }
            guard status == 0 else {
                throw CommandFailure.runtime(
                    "The editor (\(editor)) exited with status \(status); \(store.path) was not changed."
                )
            }
            let edited: String
            do {
                edited = String(decoding: try FileSystem.read(copy) ?? [], as: UTF8.self)
            } catch {
                throw CommandFailure.runtime(error.message)
            }
            if edited == original {
                console.print(
                    ConfigSentences.unchanged(store.path, language: store.readerLanguage))
                return
            }
            do {
                let configuration = try ConfigStore.resolve(
                    ConfigDocument(file: store.path, text: edited))
                try install(edited, replacing: original, copy: copy, keepCopy: &keepCopy)
                console.print(ConfigSentences.installed(store.path, configuration))
                return
            } catch let error as ConfigFileError {
                console.printError(error.description)
                guard console.isInteractive else {
                    throw CommandFailure.usage("\(store.path) was not changed.")
                }
                console.print(
                    "What now? (e)dit again, e(x)it without saving [e]: ", terminator: false)
                let answer = console.readLine()?.trimmingWhitespace.lowercased()
                if answer == nil || answer == "x" || answer == "q" {
                    throw CommandFailure.usage("\(store.path) was not changed.")
                }
            }
        }
    }

    static let newFileTemplate = """
        # weather-kiosk configuration. Every key has a default: `weather-kiosk config show`
        # prints them all. Add favourites with `weather-kiosk city add NAME`.

        """

    private func install(
        _ edited: String, replacing original: String, copy: String, keepCopy: inout Bool
    ) throws {
        let path = store.path
        do {
            try DirectoryLock.withLock(on: FileSystem.directory(of: path)) {
                FileSystem.removeStaleTemporaries(of: path)
                let now =
                    try FileSystem.read(path, limit: ConfigStore.sizeLimit, regularFileOnly: true)
                    .map { String(decoding: $0, as: UTF8.self) } ?? Self.newFileTemplate
                guard now == original else {
                    keepCopy = true
                    throw CommandFailure.runtime(
                        "\(path) changed while you were editing it (another command or person);"
                            + " your version is kept in \(copy): merge it with `config edit`.")
                }
                try FileSystem.writeAtomically(Array(edited.utf8), to: path)
            }
        } catch let error as FileSystemError {
            throw CommandFailure.runtime(error.message)
        }
    }

    private func chooseEditor(_ environment: [String: String]) throws -> String {
        for variable in ["VISUAL", "EDITOR"] {
            if let editor = environment[variable], !editor.trimmingWhitespace.isEmpty {
                return editor
            }
        }
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for candidate in ["editor", "nano", "vi"] {
            if path.contains(where: { FileSystem.exists("\($0)/\(candidate)") }) {
                return candidate
            }
        }
        throw CommandFailure.runtime(
            "No editor found: set EDITOR (for example EDITOR=nano) and try again.")
    }
}
