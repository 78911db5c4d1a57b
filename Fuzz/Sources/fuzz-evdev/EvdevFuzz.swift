import FuzzSupport
import KioskCore
import LinuxPlatform

// The bytes an input device gives, in reads of any size: decoded into events, tracked as
// button edges (with SYN_DROPPED and resynchronisation), and turned into gestures, as the
// evdev backend does. The first bytes choose the read size and the key map.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    EvdevFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum EvdevFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    static func test(_ bytes: [UInt8]) {
        var input = FuzzedBytes(bytes)
        let readSize = input.int(in: 1...72)
        let keyChoices = [0, 28, 105, 106, 103, 108, 256, 0x2FF, 65535]
        var keys: [ButtonName: Int] = [:]
        for button in ButtonName.allCases { keys[button] = input.pick(keyChoices) }
        let stream = input.rest()

        var decoder = InputEventDecoder()
        var tracker = EvdevKeyTracker(keys: keys)
        var gestures = GestureMachine(settings: GestureSettings(repeatingButtons: [.next]))
        var decoded = 0
        var start = 0
        while start < stream.count {
            let chunk = stream[start..<min(start + readSize, stream.count)]
            start += chunk.count
            let events = decoder.decode(chunk)
            decoded += events.count
            for event in events { _ = InputKeyCode.name(Int(event.code)) }
            for outcome in tracker.handle(events) {
                switch outcome {
                case .edge(let edge):
                    _ = gestures.handle(edge)
                case .needsResynchronization:
                    let pressed = Set(events.suffix(2).map { Int($0.code) })
                    let time = events.last?.time ?? MonotonicInstant(nanoseconds: 0)
                    for edge in tracker.resynchronize(pressedCodes: pressed, at: time) {
                        _ = gestures.handle(edge)
                    }
                }
            }
            if let wake = gestures.nextWake { _ = gestures.advance(to: wake) }
        }
        let size = InputEventDecoder.eventSize
        guard decoded == stream.count / size, decoder.leftover == stream.count % size else {
            fuzzFailure(
                "\(stream.count) bytes gave \(decoded) events and \(decoder.leftover) left over")
        }
        for edge in tracker.resynchronize(pressedCodes: [], at: MonotonicInstant(nanoseconds: 0)) {
            _ = gestures.handle(edge)
        }
    }
}
