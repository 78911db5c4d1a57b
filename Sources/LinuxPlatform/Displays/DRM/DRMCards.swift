import CDRM
import Glibc
import KioskCore

/// The DRM cards of this machine (`/dev/dri/card*`) and their connectors, as `doctor`,
/// `display.kind = "auto"` and `DRMDisplay` see them.
public enum DRMCards {
    /// One card: its device and connectors, or why it could not be read.
    public struct Card: Sendable, Hashable {
        /// "/dev/dri/card0".
        public var device: String
        /// The kernel driver's name ("vc4", "virtio_gpu", "bochs-drm").
        public var driver: String
        /// Its connectors, in the driver's order.
        public var connectors: [ScreenConnector]
    }

    /// The directory the cards are in.
    public static let directory = "/dev/dri"

    /// The card devices, card0 before card1 before card10.
    public static func devices(in directory: String = directory) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var numbers: [Int] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix("card"), let number = Int(name.dropFirst(4)) else { continue }
            numbers.append(number)
        }
        return numbers.sorted().map { "\(directory)/card\($0)" }
    }

    /// Every card with its connectors; cards that are not KMS devices (a render-only GPU)
    /// have none.
    /// - Throws: `DeviceError` for the first card that cannot be opened (no permission:
    ///   group video).
    public static func read() throws(DeviceError) -> [Card] {
        var cards: [Card] = []
        for device in devices() {
            let descriptor = try open(device)
            defer { Glibc.close(descriptor) }
            cards.append(
                Card(
                    device: device, driver: driverName(descriptor),
                    connectors: connectors(of: descriptor, card: device)))
        }
        return cards
    }

    /// Opens a card for reading and drawing.
    /// - Throws: `DeviceError` with the usual way out (group video, the driver loaded).
    static func open(_ device: String) throws(DeviceError) -> Int32 {
        let descriptor = retryingInterrupts { Glibc.open(device, O_RDWR | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let failure = errno
            switch failure {
            case EACCES, EPERM:
                throw DeviceError(
                    "open", device: device, errorNumber: failure,
                    hint:
                        "add the user to the group video (`sudo usermod -aG video $USER`) and log in again; a service needs SupplementaryGroups=video and DeviceAllow=char-drm rw"
                )
            default:
                throw DeviceError(
                    "open", device: device, errorNumber: failure,
                    hint: "is the display driver loaded? `ls /dev/dri` lists the cards")
            }
        }
        return descriptor
    }

    /// The kernel driver's name, or "unknown driver".
    static func driverName(_ descriptor: Int32) -> String {
        guard let version = drmGetVersion(descriptor) else { return "unknown driver" }
        defer { drmFreeVersion(version) }
        guard let name = version.pointee.name else { return "unknown driver" }
        return String(cString: name)
    }

    /// The connectors of an open card with their state and modes; none for a card without
    /// mode setting.
    static func connectors(of descriptor: Int32, card: String) -> [ScreenConnector] {
        guard let resources = drmModeGetResources(descriptor) else { return [] }
        defer { drmModeFreeResources(resources) }
        var found: [ScreenConnector] = []
        for index in 0..<Int(resources.pointee.count_connectors) {
            let id = resources.pointee.connectors[index]
            guard let connector = drmModeGetConnector(descriptor, id) else { continue }
            defer { drmModeFreeConnector(connector) }
            found.append(screenConnector(connector.pointee, card: card))
        }
        return found
    }

    /// The pure description of a libdrm connector.
    static func screenConnector(_ connector: drmModeConnector, card: String) -> ScreenConnector {
        let state: Bool? =
            switch connector.connection {
            case DRM_MODE_CONNECTED: true
            case DRM_MODE_DISCONNECTED: false
            default: nil
            }
        var modes: [ScreenMode] = []
        for index in 0..<Int(connector.count_modes) {
            modes.append(screenMode(connector.modes[index]))
        }
        return ScreenConnector(
            card: card, name: name(of: connector), isConnected: state, modes: modes)
    }

    /// "HDMI-A-1": the type's name and its number on the card, as the kernel names it.
    static func name(of connector: drmModeConnector) -> String {
        let type =
            CDRM_connector_type_name(connector.connector_type).map { String(cString: $0) }
            ?? "Unknown\(connector.connector_type)"
        return "\(type)-\(connector.connector_type_id)"
    }

    /// A libdrm mode as a `ScreenMode`.
    static func screenMode(_ mode: drmModeModeInfo) -> ScreenMode {
        ScreenMode(
            width: Int(mode.hdisplay), height: Int(mode.vdisplay), refreshRate: Int(mode.vrefresh),
            isPreferred: mode.type & CDRM_MODE_TYPE_PREFERRED != 0)
    }

    /// Which DRM connector `auto` would use and why: reads the cards, and reports a card
    /// that cannot be opened as the reason to fall back to the framebuffer.
    public static func automaticChoice(wanted: String?) -> (useDRM: Bool, reason: String) {
        do {
            let cards = try read()
            return ScreenChoice.automatic(
                connectors: cards.flatMap(\.connectors), cardProblem: nil, wanted: wanted)
        } catch {
            return ScreenChoice.automatic(
                connectors: [], cardProblem: error.message, wanted: wanted)
        }
    }

    /// Why the kiosk could not become DRM master of `card` (another program holds it),
    /// or nil when it could; master is given back at once.
    public static func masterProblem(card: String) -> String? {
        let descriptor: Int32
        do {
            descriptor = try open(card)
        } catch {
            return error.message
        }
        defer { Glibc.close(descriptor) }
        if drmIsMaster(descriptor) != 0 || drmSetMaster(descriptor) == 0 {
            _ = drmDropMaster(descriptor)
            return nil
        }
        return DRMDisplay.masterError(card: card, errorNumber: errno).message
    }

    /// The programs other than this one that have `card` open ("Xorg (pid 812)"), as far as
    /// /proc lets this user see.
    public static func holders(of card: String) -> [String] {
        guard let stream = opendir("/proc") else { return [] }
        defer { closedir(stream) }
        let own = getpid()
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let pid = Int32(name), pid != own, let descriptors = opendir("/proc/\(pid)/fd")
            else { continue }
            defer { closedir(descriptors) }
            var holds = false
            while !holds, let descriptor = readdir(descriptors) {
                let number = withUnsafeBytes(of: descriptor.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                var target = [CChar](repeating: 0, count: 256)
                let length = readlink("/proc/\(pid)/fd/\(number)", &target, target.count - 1)
                if length > 0 {
                    holds =
                        String(
                            decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self
                        ) == card
                }
            }
            guard holds else { continue }
            // The name is a courtesy: a process that just ended is listed by its pid alone.
            var command = "a process"
            do {
                if let bytes = try FileSystem.read("/proc/\(pid)/comm") {
                    command = String(decoding: bytes, as: UTF8.self).trimmingTrailingNewline
                }
            } catch {}
            found.append("\(command) (pid \(pid))")
        }
        return found
    }
}

extension String {
    fileprivate var trimmingTrailingNewline: String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
