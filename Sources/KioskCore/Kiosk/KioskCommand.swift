/// What anyone outside asks of the kiosk, from any source: a button at the kiosk, the
/// control socket, later MQTT. Every command enters the engine through one door
/// (`KioskEngine.handle(_:)`) and becomes one event for the reducer.
public enum KioskCommand: Sendable, Hashable {
    /// A gesture at the kiosk's buttons; the reducer maps it (a press on a blank screen
    /// only wakes it).
    case gesture(ButtonGesture)
    /// An action from a remote source (the control socket).
    case action(KioskAction)

    /// The event the reducer is given.
    public var event: KioskEvent {
        switch self {
        case .gesture(let gesture): .button(gesture)
        case .action(let action): .action(action, from: .control)
        }
    }
}
