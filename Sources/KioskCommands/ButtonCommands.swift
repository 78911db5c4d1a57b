import FoundationEssentials
public import KioskConfig
import KioskControl
public import KioskCore
import KioskDaemon
import LinuxPlatform

/// The `buttons` verb: prints each gesture as it happens, to check the wiring over SSH.
public struct ButtonCommands: Sendable {
    /// The config file.
    public let store: ConfigStore
    /// Where output goes.
    public let console: Console

    /// Creates the verb.
    public init(store: ConfigStore, console: Console) {
        self.store = store
        self.console = console
    }

    /// Opens the configured button input and prints gestures until Ctrl-C (or, with the
    /// keyboard, q or the end of input). With `edges`, debounced presses and releases too.
    /// - Throws: `CommandFailure`: exit 2 for `backend = "none"` or an invalid config, 1
    ///   when the chip, line or device cannot be used (the sentence says how to fix it).
    public func watch(edges: Bool) async throws {
        let configuration = try ConfigCommands(store: store, console: console).load().configuration
        let settings = configuration.buttons
        let input = try Self.input(for: settings)
        console.print("Buttons (\(settings.backend.rawValue)): \(input.summary).")
        let language = configuration.languageChoice.language
        console.print(
            settings.backend == .keyboard
                ? language.localized("Press keys; q or Ctrl-C stops.")
                : language.localized("Press the buttons; Ctrl-C stops."))
        let watcher = ButtonWatcher(
            input: input, settings: settings.gestureSettings, time: SystemTimeSource())
        let map = settings.actionMap
        for await report in watcher.reports() {
            switch report {
            case .gesture(let gesture, let source):
                if !edges && (gesture.kind == .press || gesture.kind == .release) { continue }
                console.print(Self.line(for: gesture, source: source, map: map))
            case .problem(let sentence), .recovered(let sentence):
                console.printError(sentence)
            }
        }
    }

    /// The input for the configured backend.
    /// - Throws: `CommandFailure` with the adapter's sentence.
    public static func input(for settings: ButtonSettings) throws -> any ButtonInput {
        do {
            switch settings.backend {
            case .gpiod: return try GPIODButtonInput(settings: settings)
            case .evdev: return try EvdevButtonInput(settings: settings)
            case .keyboard: return KeyboardButtonInput(settings: settings)
            case .none:
                throw CommandFailure.usage(
                    "buttons.backend is \"none\": there are no buttons to watch; set it to gpiod, evdev or keyboard."
                )
            }
        } catch let error as DeviceError {
            throw CommandFailure.runtime(error.message)
        }
    }

    /// "14:03:07.125  next      short   next_city   GPIO17 (line 17 of pinctrl-bcm2711)".
    static func line(for gesture: ButtonGesture, source: String, map: ButtonActionMap) -> String {
        let action = map.action(for: gesture.kind, of: gesture.button)
        let actionText = gesture.kind == .press || gesture.kind == .release ? "" : action.rawValue
        return [
            wallClock(of: gesture.time), pad(gesture.button.rawValue, 8),
            pad(gesture.kind.rawValue, 7), pad(actionText, 13), source,
        ].joined(separator: "  ").trimmingWhitespace
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// The local wall-clock time of a monotonic instant, "HH:MM:SS.mmm".
    static func wallClock(of instant: MonotonicInstant) -> String {
        let age = MonotonicClock.now().nanoseconds - instant.nanoseconds
        let wall = Date(timeIntervalSinceNow: -Double(age) / 1e9)
        let nanoseconds = Int64((wall.timeIntervalSince1970 * 1e9).rounded(.down))
        let local =
            nanoseconds / 1_000_000_000 + Int64(KioskClock.localOffset(at: wall))
        let secondOfDay = Int((local % 86_400 + 86_400) % 86_400)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milliseconds = Int(nanoseconds % 1_000_000_000 / 1_000_000)
        let millisecondText =
            String(repeating: "0", count: 3 - String(milliseconds).count) + String(milliseconds)
        let (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        return "\(two(hour)):\(two(minute)):\(two(second)).\(millisecondText)"
    }
}
