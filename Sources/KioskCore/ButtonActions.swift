/// What each button does, short and long. Auto-repeat repeats the short action.
public struct ButtonActionMap: Sendable, Hashable {
    /// Action of a short press (and of each repeat), by button.
    public var short: [ButtonName: ButtonAction]
    /// Action of a long press, by button.
    public var long: [ButtonName: ButtonAction]

    /// Creates a map; buttons left out do nothing.
    public init(
        short: [ButtonName: ButtonAction] = [:], long: [ButtonName: ButtonAction] = [:]
    ) {
        self.short = short
        self.long = long
    }

    /// Three buttons: next → next city, previous → previous city, select → next page,
    /// select held → refresh now.
    public static let threeButtons = ButtonActionMap(
        short: [.next: .nextCity, .previous: .previousCity, .select: .nextPage],
        long: [.select: .refresh])

    /// One button: a short press → next city, a long press → next page.
    public static func singleButton(_ button: ButtonName) -> ButtonActionMap {
        ButtonActionMap(short: [button: .nextCity], long: [button: .nextPage])
    }

    /// The default map for the buttons that are wired: the single-button map when there is
    /// exactly one, the three-button map otherwise.
    public static func defaults(wired: some Collection<ButtonName>) -> ButtonActionMap {
        if wired.count == 1, let only = wired.first { return singleButton(only) }
        return threeButtons
    }

    /// The action of a gesture; `.none` for press and release, which only matter to a
    /// blanked display.
    public func action(for kind: GestureKind, of button: ButtonName) -> ButtonAction {
        switch kind {
        case .short, .repeat: short[button] ?? .none
        case .long: long[button] ?? .none
        case .press, .release: .none
        }
    }

    /// Whether holding `button` may repeat: its short action steps (cities or pages) and
    /// it has no long action that the hold would take away.
    public func canRepeat(_ button: ButtonName) -> Bool {
        (short[button]?.canRepeat ?? false)
            && (long[button] ?? ButtonAction.none) == ButtonAction.none
    }

    // MARK: Config names

    /// The names of the map's entries in `[buttons] actions`: "next", "next_long", …
    public static let slotNames: [String] = ButtonName.allCases.flatMap {
        [$0.rawValue, $0.rawValue + "_long"]
    }

    /// The button and press length a slot name stands for.
    public static func slot(named name: String) -> (button: ButtonName, isLong: Bool)? {
        let isLong = name.hasSuffix("_long")
        let buttonName = isLong ? String(name.dropLast(5)) : name
        return ButtonName(rawValue: buttonName).map { ($0, isLong) }
    }

    /// The action in slot `name` ("select_long"); setting `.none` removes the entry.
    public subscript(slot name: String) -> ButtonAction {
        get {
            guard let slot = Self.slot(named: name) else { return .none }
            return (slot.isLong ? long[slot.button] : short[slot.button]) ?? .none
        }
        set {
            guard let slot = Self.slot(named: name) else { return }
            let action = newValue == .none ? nil : newValue
            if slot.isLong { long[slot.button] = action } else { short[slot.button] = action }
        }
    }
}
