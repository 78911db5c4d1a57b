public import KioskCore

/// What the button watcher reports.
public enum ButtonReport: Sendable, Hashable {
    /// A gesture, with where its button's last edge came from ("GPIO17 (line 17 of …)").
    case gesture(ButtonGesture, source: String)
    /// The input failed and retries by itself: one sentence.
    case problem(String)
    /// The input works again: one sentence.
    case recovered(String)
}

/// The button reader as a service: edges from a `ButtonInput` through the gesture machine.
/// It sleeps until an edge arrives or the machine's next deadline (a long press, a repeat,
/// a debounce settling) and never polls.
public struct ButtonWatcher: Sendable {
    /// Where edges come from.
    public let input: any ButtonInput
    /// The gesture timings.
    public let settings: GestureSettings
    /// The clocks and sleeping: its monotonic clock is the one the input's timestamps use
    /// (`SystemTimeSource` on a kiosk, a manual clock in tests).
    public let time: any TimeSource

    /// Creates a watcher.
    public init(input: any ButtonInput, settings: GestureSettings, time: any TimeSource) {
        self.input = input
        self.settings = settings
        self.time = time
    }

    private enum Message: Sendable {
        case input(ButtonInputEvent)
        case wake
    }

    /// Gestures and input problems as they happen; ends when the input ends (the terminal
    /// closed) or when the consuming task is cancelled.
    public func reports() -> AsyncStream<ButtonReport> {
        let (stream, continuation) = AsyncStream.makeStream(of: ButtonReport.self)
        let (input, settings, time) = (input, settings, time)
        let task = Task {
            let (messages, inbox) = AsyncStream.makeStream(of: Message.self)
            let forwarding = Task {
                for await event in input.events() { inbox.yield(.input(event)) }
                inbox.yield(.input(.ended))
            }
            var machine = GestureMachine(settings: settings)
            var sources: [ButtonName: String] = [:]
            var sleeper: Task<Void, Never>?
            func emit(_ gestures: [ButtonGesture]) {
                for gesture in gestures {
                    continuation.yield(.gesture(gesture, source: sources[gesture.button] ?? ""))
                }
            }
            receiving: for await message in messages {
                switch message {
                case .input(.edge(let edge)):
                    if !edge.source.isEmpty { sources[edge.button] = edge.source }
                    emit(machine.handle(edge))
                case .input(.problem(let sentence)):
                    continuation.yield(.problem(sentence))
                case .input(.recovered(let sentence)):
                    continuation.yield(.recovered(sentence))
                case .input(.ended):
                    break receiving
                case .wake:
                    emit(machine.advance(to: time.now().monotonic))
                }
                sleeper?.cancel()
                sleeper = nil
                if let wake = machine.nextWake {
                    sleeper = Task {
                        do {
                            try await time.sleep(until: wake)
                        } catch {
                            return  // A newer deadline replaced this one, or the end.
                        }
                        inbox.yield(.wake)
                    }
                }
            }
            sleeper?.cancel()
            forwarding.cancel()
            inbox.finish()
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
