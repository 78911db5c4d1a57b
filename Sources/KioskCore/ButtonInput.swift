/// What a button input reports.
public enum ButtonInputEvent: Sendable, Hashable {
    /// A raw edge, still to be debounced.
    case edge(ButtonEdge)
    /// The input failed and is retrying by itself: one sentence naming the device.
    case problem(String)
    /// The input works again after a problem: one sentence.
    case recovered(String)
    /// The input has ended for good (the terminal closed); no more events follow.
    case ended
}

/// A source of button edges: GPIO lines, an input device, the terminal, or a simulation.
///
/// Contract: making one (each adapter's throwing initialiser) checks that the source can be
/// used, and throws one sentence saying how to fix it when not (chip or line not found,
/// busy, no permission). `events()` then reports edges as they happen, until the consuming
/// task is cancelled; later failures are reported as `problem` and retried with back-off,
/// never ending the stream, so the rest of the kiosk runs on. A button already held when
/// the input starts is reported as a press at once.
public protocol ButtonInput: Sendable {
    /// What the input reads, for people: "next = GPIO17 (line 17 of pinctrl-bcm2711), …".
    var summary: String { get }

    /// The events, from the moment of the call. Call it once.
    func events() -> AsyncStream<ButtonInputEvent>
}
