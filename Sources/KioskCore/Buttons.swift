/// The kiosk's buttons. A one-button kiosk wires only `next`.
public enum ButtonName: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Forward: the next city.
    case next
    /// Back: the previous city.
    case previous
    /// Select: the next page; held, a refresh.
    case select

    /// Buttons sort in their declaration order: next, previous, select.
    public static func < (lhs: ButtonName, rhs: ButtonName) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One raw level change of a button, as the hardware (or the terminal) reports it: still
/// bouncing, not yet a press.
public struct ButtonEdge: Sendable, Hashable {
    /// Which button.
    public var button: ButtonName
    /// Whether the button is now down (the line at its active level, the key pressed).
    public var isPressed: Bool
    /// When the kernel saw the edge.
    public var time: MonotonicInstant
    /// Where it came from, for people: "GPIO17 (gpiochip0 line 17)", "KEY_RIGHT (106)".
    public var source: String

    /// Creates an edge.
    public init(button: ButtonName, isPressed: Bool, time: MonotonicInstant, source: String = "") {
        self.button = button
        self.isPressed = isPressed
        self.time = time
        self.source = source
    }
}

/// What a button did, after debouncing.
public enum GestureKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// It went down (debounced). The display wakes on this.
    case press
    /// It came up (debounced).
    case release
    /// A press that ended before the long-press time: reported on release.
    case short
    /// A press held for the long-press time: reported while still held, once; no `short`
    /// follows it.
    case long
    /// Auto-repeat while held (buttons that repeat, when auto-repeat is on); no `short`
    /// follows it.
    case `repeat`
}

/// A gesture of one button at one instant.
public struct ButtonGesture: Sendable, Hashable, CustomStringConvertible {
    /// Which button.
    public var button: ButtonName
    /// What it did.
    public var kind: GestureKind
    /// When: the edge's time for press and release; for short the release's, for long and
    /// repeat the instant they fell due.
    public var time: MonotonicInstant

    /// Creates a gesture.
    public init(_ button: ButtonName, _ kind: GestureKind, at time: MonotonicInstant) {
        self.button = button
        self.kind = kind
        self.time = time
    }

    /// "next short at 1.250000000 s".
    public var description: String { "\(button.rawValue) \(kind.rawValue) at \(time)" }
}

/// What the kiosk does for a gesture.
public enum ButtonAction: String, Sendable, Hashable, Codable, CaseIterable {
    /// Show the next favourite.
    case nextCity = "next_city"
    /// Show the previous favourite.
    case previousCity = "previous_city"
    /// Show the next page.
    case nextPage = "next_page"
    /// Show the previous page.
    case previousPage = "previous_page"
    /// Fetch forecasts now.
    case refresh
    /// Nothing.
    case none
    /// Only wake the blanked display: what every press does while it is blanked. Not
    /// configurable.
    case wake

    /// The actions a config may name (all but `wake`).
    public static var configurable: [ButtonAction] { allCases.filter { $0 != .wake } }

    /// Whether holding the button may repeat the action (stepping through cities or pages).
    public var canRepeat: Bool {
        switch self {
        case .nextCity, .previousCity, .nextPage, .previousPage: true
        case .refresh, .none, .wake: false
        }
    }
}
