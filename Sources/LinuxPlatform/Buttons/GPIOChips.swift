import CGPIODShim
import Glibc
public import KioskCore

/// A GPIO chip character device.
public struct GPIOChip: Sendable, Hashable, CustomStringConvertible {
    /// "/dev/gpiochip0".
    public var path: String
    /// "gpiochip0".
    public var name: String
    /// "pinctrl-bcm2711"; empty when the chip could not be opened.
    public var label: String
    /// Number of lines; 0 when the chip could not be opened.
    public var lineCount: Int
    /// 0, or why it could not be opened.
    public var errorNumber: Int32

    /// Creates a chip description.
    public init(path: String, name: String, label: String, lineCount: Int, errorNumber: Int32) {
        self.path = path
        self.name = name
        self.label = label
        self.lineCount = lineCount
        self.errorNumber = errorNumber
    }

    /// `gpiochip0 "pinctrl-bcm2711" (58 lines)`, or why it could not be read.
    public var description: String {
        if errorNumber != 0 { return "\(name) (cannot open: \(systemMessage(errorNumber)))" }
        return "\(name) \"\(label)\" (\(lineCount) lines)"
    }
}

/// One button's GPIO line, found.
public struct GPIOLine: Sendable, Hashable, CustomStringConvertible {
    /// The button.
    public var button: ButtonName
    /// What the config said: "GPIO17" or "17".
    public var spec: String
    /// The chip it is on.
    public var chip: GPIOChip
    /// Its offset on the chip.
    public var offset: Int

    /// Creates a found line.
    public init(button: ButtonName, spec: String, chip: GPIOChip, offset: Int) {
        self.button = button
        self.spec = spec
        self.chip = chip
        self.offset = offset
    }

    /// "GPIO17 (line 17 of pinctrl-bcm2711)" or "line 17 of pinctrl-bcm2711".
    public var description: String {
        let place = "line \(offset) of \(chip.label.isEmpty ? chip.name : chip.label)"
        return Int(spec) == nil ? "\(spec) (\(place))" : place
    }
}

/// Finding chips and lines: by chip label or line name, never by a gpiochip number (the
/// Pi 5's numbering changed between kernels; labels and names did not).
public enum GPIOChips {
    /// The `gpiochipN` devices in `directory`, in numeric order.
    /// - Throws: `DeviceError` when the directory cannot be read.
    public static func list(directory: String = "/dev") throws(DeviceError) -> [GPIOChip] {
        var capacity = 16
        while true {
            var infos = [CGPIOD_ChipInfo](repeating: CGPIOD_ChipInfo(), count: capacity)
            let count = Int(CGPIOD_listChips(directory, &infos, Int32(capacity)))
            if count < 0 {
                throw DeviceError(
                    "list GPIO chips in", device: directory, errorNumber: Int32(-count))
            }
            if count > capacity {
                capacity = count
                continue
            }
            return infos.prefix(count).map { info in
                GPIOChip(
                    path: cText(info.path), name: cText(info.name), label: cText(info.label),
                    lineCount: Int(info.lineCount), errorNumber: info.errorNumber)
            }
        }
    }

    /// The chips for a message: "the GPIO chips here are gpiochip0 "pinctrl-bcm2711" (58
    /// lines), …" or "there is no /dev/gpiochip* device …".
    public static func inventory(_ chips: [GPIOChip], directory: String = "/dev") -> String {
        guard !chips.isEmpty else {
            return
                "there is no \(directory)/gpiochip* device here (not a Raspberry Pi, or no GPIO driver loaded)"
        }
        return "the GPIO chips here are " + chips.map(\.description).joined(separator: ", ")
    }

    /// Finds the lines of the wired buttons.
    /// - Throws: `DeviceError`, one sentence: the chip or line that is missing with the
    ///   list of chips and their labels, or the permission that is lacking.
    public static func resolve(_ settings: ButtonSettings, directory: String = "/dev")
        throws(DeviceError) -> [GPIOLine]
    {
        let chips = try list(directory: directory)
        if let denied = chips.first(where: { $0.errorNumber == EACCES || $0.errorNumber == EPERM })
        {
            throw DeviceError(
                "open", device: denied.path, errorNumber: denied.errorNumber,
                hint:
                    "add the user to group gpio (sudo usermod -aG gpio $USER) and log in again, or run as root"
            )
        }
        let labelled = settings.chip.isEmpty ? nil : chips.first { $0.label == settings.chip }
        var lines: [GPIOLine] = []
        for button in settings.wiredButtons {
            let spec = settings.line(of: button).trimmingWhitespace
            let key = "buttons.\(button.rawValue)"
            if let offset = Int(spec) {
                guard !settings.chip.isEmpty else {
                    throw DeviceError(
                        device: directory,
                        message:
                            "\(key) = \"\(spec)\" is a line offset, which needs buttons.chip (the chip's label); \(inventory(chips, directory: directory))."
                    )
                }
                guard let chip = labelled else { throw noChip(settings.chip, chips, directory) }
                guard offset < chip.lineCount else {
                    throw DeviceError(
                        device: chip.path,
                        message:
                            "\(key) = \"\(spec)\" is past the end of \(chip.path) \"\(chip.label)\", which has lines 0 to \(chip.lineCount - 1)."
                    )
                }
                lines.append(GPIOLine(button: button, spec: spec, chip: chip, offset: offset))
                continue
            }
            // A name: on the configured chip first, then on every chip.
            let candidates = (labelled.map { [$0] } ?? []) + chips.filter { $0 != labelled }
            var found: GPIOLine?
            for chip in candidates where chip.errorNumber == 0 {
                let offset = CGPIOD_findLine(chip.path, spec)
                if offset >= 0 {
                    found = GPIOLine(button: button, spec: spec, chip: chip, offset: Int(offset))
                    break
                }
            }
            guard let found else {
                if !settings.chip.isEmpty && labelled == nil {
                    throw noChip(settings.chip, chips, directory)
                }
                throw DeviceError(
                    device: directory,
                    message:
                        "No GPIO line is named \"\(spec)\" (\(key)); \(inventory(chips, directory: directory)); "
                        + (chips.isEmpty
                            ? "check the board setting and that the GPIO driver is loaded."
                            : "give the line's offset with buttons.chip set to its chip's label instead.")
                )
            }
            lines.append(found)
        }
        return lines
    }

    private static func noChip(_ label: String, _ chips: [GPIOChip], _ directory: String)
        -> DeviceError
    {
        DeviceError(
            device: directory,
            message:
                "No GPIO chip is labelled \"\(label)\" (buttons.chip); \(inventory(chips, directory: directory)); "
                + (chips.isEmpty
                    ? "check the board setting and that the GPIO driver is loaded."
                    : "set buttons.chip to one of these labels."))
    }

    /// Who holds line `offset` of the chip at `path`: the consumer's name ("" when it gave
    /// none), or nil when the line is free or cannot be asked about.
    static func holder(of offset: Int, on path: String) -> String? {
        var consumer = [CChar](repeating: 0, count: 128)
        let used = CGPIOD_lineConsumer(path, UInt32(offset), &consumer, consumer.count)
        guard used > 0 else { return nil }
        return String(
            decoding: consumer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The sentence for a request of `lines` on the chip at `chipPath` that the kernel
    /// refused as busy (EBUSY). `holders` has one entry per line, as `holder(of:on:)` gives
    /// them: only the lines in use are named, each with its holder.
    public static func busyMessage(_ lines: [GPIOLine], chipPath: String, holders: [String?])
        -> String
    {
        let busy = zip(lines, holders).compactMap { line, holder in
            holder.map { (line, $0.isEmpty ? "another program (no consumer name)" : "\"\($0)\"") }
        }
        let fix =
            "; stop that program, or with the gpio-key overlay use buttons.backend = \"evdev\"."
        switch busy.count {
        case 0:
            let names = lines.map(\.description).joined(separator: ", ")
            return
                "Cannot request \(names) on \(chipPath): a line was busy, and no program holds one now; run again."
        case 1:
            return
                "Cannot request \(busy[0].0) on \(chipPath): the line is busy, held by \(busy[0].1)\(fix)"
        default:
            let held = busy.map { "\($0.0) held by \($0.1)" }.joined(separator: ", ")
            return "Cannot request GPIO lines on \(chipPath): they are busy: \(held)\(fix)"
        }
    }
}

/// A fixed-size C char array (imported as a tuple) as a String.
func cText<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
}
