import CLinux
import Glibc
import KioskCore

/// An input device under /dev/input.
public struct InputDevice: Sendable, Hashable, CustomStringConvertible {
    /// "/dev/input/event0".
    public var path: String
    /// Its name (EVIOCGNAME), "gpio_keys"; empty when unknown.
    public var name: String

    /// `"gpio_keys" (/dev/input/event0)`.
    public var description: String { name.isEmpty ? path : "\"\(name)\" (\(path))" }
}

/// Finding and opening the configured input device.
enum InputDevices {
    /// Opens the device `settings.device` names (a path, or a device name), or with an empty
    /// setting the first device that can send the buttons' keys.
    /// - Throws: `DeviceError`: not found (with the devices there are), no permission
    ///   (group input).
    static func open(_ settings: ButtonSettings, directory: String) throws(DeviceError) -> (
        descriptor: Int32, device: InputDevice
    ) {
        let wanted = settings.device.trimmingWhitespace
        if wanted.hasPrefix("/") {
            let descriptor = try openDevice(wanted)
            return (descriptor, InputDevice(path: wanted, name: name(of: descriptor)))
        }
        let paths = eventPaths(in: directory)
        var seen: [InputDevice] = []
        var denied: (String, Int32)?
        let keyCodes = settings.keys.values.filter { $0 != 0 }
        var fallback: (Int32, InputDevice)?
        for path in paths {
            let descriptor = retryingInterrupts {
                Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            }
            guard descriptor >= 0 else {
                if errno == EACCES || errno == EPERM { denied = denied ?? (path, errno) }
                continue
            }
            let device = InputDevice(path: path, name: name(of: descriptor))
            seen.append(device)
            if !wanted.isEmpty {
                if device.name == wanted { return (descriptor, device) }
            } else {
                let capable = keys(of: descriptor)
                if keyCodes.allSatisfy(capable.contains) {
                    if let fallback { close(fallback.0) }
                    return (descriptor, device)
                }
                if fallback == nil && keyCodes.contains(where: capable.contains) {
                    fallback = (descriptor, device)
                    continue
                }
            }
            close(descriptor)
        }
        if let fallback { return fallback }
        if let (path, errorNumber) = denied {
            throw DeviceError(
                "open", device: path, errorNumber: errorNumber,
                hint: "add the user to group input (sudo usermod -aG input $USER) and log in again")
        }
        let list =
            seen.isEmpty
            ? "there is no input device in \(directory)"
            : "the input devices here are " + seen.map(\.description).joined(separator: ", ")
        let what =
            wanted.isEmpty
            ? "No input device can send the buttons' keys ("
                + settings.keys.values.filter { $0 != 0 }.sorted().map(InputKeyCode.name).joined(
                    separator: ", ")
                + ")"
            : "No input device is named \"\(wanted)\" (buttons.device)"
        throw DeviceError(
            device: directory,
            message:
                "\(what); \(list); "
                + (seen.isEmpty
                    ? "plug the device in, or for buttons on GPIO lines load the gpio-key overlay."
                    : "set buttons.device to one of these names or to a /dev/input/eventN path."))
    }

    private static func openDevice(_ path: String) throws(DeviceError) -> Int32 {
        let descriptor = retryingInterrupts { Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let code = errno
            let hint =
                code == EACCES || code == EPERM
                ? "add the user to group input (sudo usermod -aG input $USER) and log in again"
                : code == ENOENT
                    ? "check buttons.device; `ls /dev/input/by-id` shows stable names" : nil
            throw DeviceError("open", device: path, errorNumber: code, hint: hint)
        }
        return descriptor
    }

    /// The event device paths in `directory`, in numeric order.
    static func eventPaths(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var numbers: [Int] = []
        while let entry = readdir(handle) {
            let name = cText(entry.pointee.d_name)
            if name.hasPrefix("event"), let number = Int(name.dropFirst(5)) {
                numbers.append(number)
            }
        }
        return numbers.sorted().map { "\(directory)/event\($0)" }
    }

    /// The device's name; empty when it has none (or is not an input device: a FIFO).
    static func name(of descriptor: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard CLinux_inputDeviceName(descriptor, &buffer, UInt32(buffer.count - 1)) >= 0 else {
            return ""
        }
        return String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The key codes the device can send.
    static func keys(of descriptor: Int32) -> Set<Int> {
        bitmap(descriptor, CLinux_inputKeyCapabilities)
    }

    /// The keys held down now; nil when the device cannot tell (not an input device).
    static func heldKeys(of descriptor: Int32) -> Set<Int>? {
        var bits = [UInt8](repeating: 0, count: Int(CLinux_inputKeyBitmapSize()))
        guard CLinux_inputKeyState(descriptor, &bits, UInt32(bits.count)) >= 0 else { return nil }
        return decodeBitmap(bits)
    }

    private static func bitmap(
        _ descriptor: Int32,
        _ query: (Int32, UnsafeMutablePointer<UInt8>?, UInt32) -> Int32
    ) -> Set<Int> {
        var bits = [UInt8](repeating: 0, count: Int(CLinux_inputKeyBitmapSize()))
        guard query(descriptor, &bits, UInt32(bits.count)) >= 0 else { return [] }
        return decodeBitmap(bits)
    }

    private static func decodeBitmap(_ bits: [UInt8]) -> Set<Int> {
        var codes: Set<Int> = []
        for (index, byte) in bits.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { codes.insert(index * 8 + bit) }
        }
        return codes
    }
}
