import Glibc
import KioskCore

/// A failed operation on a device or kernel interface: the device path, what was being
/// done, the errno, and what to do about it, as one sentence.
public struct DeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The device, for example "/dev/i2c-1" or "/dev/fb0".
    public var device: String
    /// The errno value, or 0 when the failure was not a system call's.
    public var errorNumber: Int32
    /// The whole sentence.
    public var message: String

    /// Creates an error: "Cannot ACTION DEVICE: strerror(errno); HINT."
    public init(_ action: String, device: String, errorNumber: Int32, hint: String? = nil) {
        self.device = device
        self.errorNumber = errorNumber
        var sentence = "Cannot \(action) \(device): \(systemMessage(errorNumber))"
        if let hint { sentence += "; \(hint)" }
        message = Sentence.ended(sentence)
    }

    /// Creates an error with a given sentence.
    public init(device: String, message: String) {
        self.device = device
        self.errorNumber = 0
        self.message = message
    }

    /// The sentence.
    public var description: String { message }
}

/// The text of `strerror` for an errno value, lower-cased like a clause:
/// "no such file or directory".
public func systemMessage(_ errorNumber: Int32) -> String {
    guard let text = strerror(errorNumber) else { return "error \(errorNumber)" }
    let message = String(cString: text)
    guard let first = message.first else { return message }
    return first.lowercased() + message.dropFirst()
}

/// Calls `operation` again while it fails with EINTR; returns its last result.
public func retryingInterrupts<Value: BinaryInteger>(_ operation: () -> Value) -> Value {
    while true {
        let result = operation()
        if result >= 0 || errno != EINTR { return result }
    }
}
