import CDRM
import CLinux
import Glibc
import Threads

/// One kernel uevent, as the NETLINK_KOBJECT_UEVENT socket delivers it:
/// "change@/devices/…/drm/card0\0ACTION=change\0SUBSYSTEM=drm\0HOTPLUG=1\0…".
struct Uevent: Sendable, Hashable {
    /// The KEY=VALUE fields.
    var fields: [String: String]

    /// Parses one datagram; nil for one that is not a kernel uevent (udev's own
    /// re-broadcasts start with "libudev" and go to another group anyway).
    init?(_ bytes: some Collection<UInt8>) {
        let parts = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard let header = parts.first, header.contains("@") else { return nil }
        var fields: [String: String] = [:]
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "=") else { continue }
            fields[String(part[..<equals])] = String(part[part.index(after: equals)...])
        }
        self.fields = fields
    }

    /// Whether it says a DRM card may have changed its connectors (a screen plugged in or
    /// out, a panel that came up): SUBSYSTEM=drm with HOTPLUG=1, or any "change" of a card
    /// (also the synthetic ones `echo change > /sys/class/drm/card0/uevent` makes, as some
    /// drivers send no HOTPLUG=1 when a connector's status is forced in sysfs).
    var isDRMHotplug: Bool {
        guard fields["SUBSYSTEM"] == "drm" else { return false }
        return fields["HOTPLUG"] == "1"
            || (fields["ACTION"] == "change" && cardName?.hasPrefix("card") == true)
    }

    /// The card's device name, "card0", from DEVNAME ("dri/card0"); nil when absent.
    var cardName: String? { fields["DEVNAME"].map { String($0.split(separator: "/").last ?? "") } }
}

/// Waits on its own thread for the kernel's DRM hotplug uevents and calls `onHotplug` with
/// the card's name for each: event driven, the thread sleeps in `poll` until one comes.
final class DRMHotplugMonitor: Sendable {
    private let socket: Int32
    private let wake: WakePipe

    /// Opens the uevent socket and starts the thread.
    /// - Throws: `DeviceError` when the socket cannot be opened (a sandbox without
    ///   AF_NETLINK: RestrictAddressFamilies needs AF_NETLINK) or no thread can start.
    init(card: String, onHotplug: @escaping @Sendable (String?) -> Void) throws(DeviceError) {
        let socket = CLinux_open_uevent_socket()
        guard socket >= 0 else {
            throw DeviceError(
                "listen for screens plugged in or out of", device: card, errorNumber: errno,
                hint:
                    "the kiosk needs an AF_NETLINK socket for kernel uevents (a systemd unit's RestrictAddressFamilies must list AF_NETLINK)"
            )
        }
        let wake: WakePipe
        do {
            wake = try WakePipe(for: card)
        } catch {
            Glibc.close(socket)
            throw error
        }
        self.socket = socket
        self.wake = wake
        let status = DedicatedThread.start { [wake] in
            Self.run(socket: socket, wake: wake, onHotplug: onHotplug)
        }
        guard status == 0 else {
            wake.close()
            Glibc.close(socket)
            throw DeviceError("start a thread to watch", device: card, errorNumber: status)
        }
    }

    /// Stops the thread; it closes the socket as it ends.
    func stop() { wake.signal() }

    private static func run(
        socket: Int32, wake: WakePipe, onHotplug: @Sendable (String?) -> Void
    ) {
        defer {
            Glibc.close(socket)
            wake.close()
        }
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            var entries = [
                PollEntry(socket, events: .readable), PollEntry(wake.descriptor, events: .readable),
            ]
            switch Poller.wait(&entries, timeout: -1) {
            case .interrupted: continue
            case .failed: return
            case .ready: break
            }
            if !entries[1].returned.isEmpty { return }
            while true {
                let count = buffer.withUnsafeMutableBytes { raw in
                    recv(socket, raw.baseAddress, raw.count, 0)
                }
                guard count > 0 else {
                    // Events were dropped while the socket was full: look anyway.
                    if count < 0, errno == ENOBUFS { onHotplug(nil) }
                    break
                }
                if let event = Uevent(buffer.prefix(count)), event.isDRMHotplug {
                    onHotplug(event.cardName)
                }
            }
        }
    }
}
