import FoundationEssentials
import FuzzSupport
import KioskCore
import Warnings

// An NWS alerts body: decoded, resolved by the rules, put on a board and read back at
// several instants. Whatever the bytes, nothing traps, and the rules keep their promises.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    NWSJSONFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum NWSJSONFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    static func test(_ body: [UInt8]) {
        let url = "https://api.weather.invalid/alerts/active?point=61.2181,-149.9003"
        let messages: [WeatherWarning]
        do {
            messages = try NWSAlertsRequest.decode(body, place: "Anchorage", url: url)
        } catch {
            guard error.message.contains("api.weather.invalid") else {
                fuzzFailure("the error does not name the URL: \(error.message)")
            }
            return
        }
        guard messages.allSatisfy({ $0.source == .nws && $0.official && $0.place == "Anchorage" })
        else { fuzzFailure("a decoded message lost its source or place") }
        let resolved = WarningRules.resolve(messages)
        guard resolved.allSatisfy({ $0.messageType != .cancel }) else {
            fuzzFailure("a cancel survived the rules")
        }
        let referenced = Set(messages.filter { $0.messageType != .alert }.flatMap(\.references))
        guard resolved.allSatisfy({ !referenced.contains($0.id) }) else {
            fuzzFailure("a superseded message survived the rules")
        }
        guard WarningRules.ordered(resolved) == resolved else {
            fuzzFailure("resolve did not order its result")
        }
        var board = WarningBoard()
        let feed = WarningFeed(source: .nws, place: "Anchorage")
        board.receive(messages, for: feed, at: Date(timeIntervalSince1970: 0))
        for instant in ([Date(timeIntervalSince1970: 0)] + messages.compactMap(\.end)).prefix(8) {
            let shown = board.warnings(for: "Anchorage", at: instant)
            guard shown.allSatisfy({ $0.isCurrent(at: instant) }) else {
                fuzzFailure("an ended warning is shown")
            }
            if let next = board.nextChange(after: instant), next <= instant {
                fuzzFailure("the next change is not after now")
            }
        }
    }
}
