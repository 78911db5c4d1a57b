import HomeAssistant
public import KioskCore
import LinuxPlatform
import Logging
import ServiceLifecycle

/// Home Assistant over MQTT: the publisher follows the snapshot stream (config changes
/// included: a new broker, `[mqtt]` removed) and sends commands through the engine's one
/// door. Off while the config has no `[mqtt]`; its network runs on its own thread.
struct MQTTService: Service {
    let engine: KioskEngine
    let board: MQTTStatusBoard
    let files: FileWorker
    let logger: Logger

    func run() async {
        let engine = engine
        let files = files
        let publisher = HomeAssistantPublisher(
            hostName: HostIdentity.hostName(),
            credentials: { settings in
                try await MQTTCredentials.password(settings, files: files)
            }, board: board, logger: logger,
            send: { command in await engine.handle(command) })
        await cancelWhenGracefulShutdown {
            await publisher.run(snapshots: engine.snapshotStream())
        }
    }
}

/// The password for `[mqtt]`: the config's, or the first line of `password_file` (read on
/// the file thread).
public enum MQTTCredentials {
    /// The warning for a `password_file` every user may read (`doctor` and `status` say
    /// it); nil when it is private or there is none.
    public static func passwordFileWarning(_ settings: MQTTSettings) -> String? {
        guard let file = settings.passwordFile, let mode = FileSystem.permissions(of: file),
            mode & 0o004 != 0
        else { return nil }
        return
            "mqtt.password_file \(file) is readable by every user (mode \(String(mode, radix: 8))); chmod 600 it."
    }

    /// The password: the config's own, or the first line of `password_file`, read on
    /// `files`' thread; nil when neither is set.
    /// - Throws: `MQTTPasswordFileError` when the file is missing or unreadable.
    public static func password(_ settings: MQTTSettings, files: FileWorker) async throws
        -> String?
    {
        if let password = settings.password { return password }
        guard let path = settings.passwordFile else { return nil }
        let result: Result<[UInt8]?, FileSystemError> = await files.run {
            do throws(FileSystemError) {
                return .success(try FileSystem.read(path, limit: 4096, regularFileOnly: true))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let bytes?):
            let text = String(decoding: bytes, as: UTF8.self)
            return String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        case .success(nil):
            throw MQTTPasswordFileError(
                message:
                    "mqtt.password_file \(path) does not exist; write the broker password into it (one line, mode 0600)."
            )
        case .failure(let error):
            throw MQTTPasswordFileError(
                message:
                    "mqtt.password_file \(path) cannot be read (\(error)); make it readable by the kiosk's user (mode 0600, owned by it)."
            )
        }
    }
}

/// The password file could not be read.
public struct MQTTPasswordFileError: Error, CustomStringConvertible {
    /// The sentence.
    public let message: String
    /// The sentence.
    public var description: String { message }
}
