import Glibc
import KioskCore

/// The bytes of `Fixtures/<name>`, read next to this source file.
func fixture(_ name: String, filePath: String = #filePath) -> [UInt8] {
    let directory = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/")
    let descriptor = open(directory + "/Fixtures/" + name, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count <= 0 { return bytes }
        bytes += buffer[0..<count]
    }
}

/// Writes all of `bytes` to a descriptor.
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes {
            write(descriptor, $0.baseAddress! + offset, $0.count - offset)
        }
        if written <= 0 { return }
        offset += written
    }
}

/// Milliseconds after the clock's start.
func ms(_ milliseconds: Int64) -> MonotonicInstant { .milliseconds(milliseconds) }

/// Collects events from a stream until `count` matched `keep`, or `limit` seconds passed
/// (a safety net only).
func collect(
    _ stream: AsyncStream<ButtonInputEvent>, count: Int, limit: Double = 20,
    keep: @escaping @Sendable (ButtonInputEvent) -> Bool = { _ in true }
) async -> [ButtonInputEvent] {
    await withTaskGroup(of: [ButtonInputEvent]?.self) { group in
        group.addTask {
            var events: [ButtonInputEvent] = []
            for await event in stream where keep(event) {
                events.append(event)
                if events.count == count { break }
            }
            return events
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(limit))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? []
    }
}

/// The edges among events, as "button pressed|released".
func edgeText(_ events: [ButtonInputEvent]) -> [String] {
    events.compactMap {
        guard case .edge(let edge) = $0 else { return nil }
        return "\(edge.button.rawValue) \(edge.isPressed ? "pressed" : "released")"
    }
}
