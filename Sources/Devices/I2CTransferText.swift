/// The text `i2ctransfer` prints for its read messages: one line per message, each byte as
/// `0x` and two hex digits separated by spaces (`0x66 0x8e 0x71 0x5c 0x3a 0x9d`). Lines of
/// anything else (the command pasted along, a shell prompt, a comment) are skipped; a line
/// that starts with a byte but holds something else, or `i2ctransfer`'s own error line, is
/// refused.
public enum I2CTransferText {
    /// Why a text holds no bytes to decode; one sentence without the file name.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The 1-based line it is about, when there is one.
        public var line: Int?
        /// The sentence.
        public var message: String

        /// The sentence, prefixed with "line N: " when it is about one line.
        public var description: String {
            line.map { "line \($0): \(message)" } ?? message
        }
    }

    /// The bytes of every line of bytes, in order.
    /// - Throws: `Problem` for a malformed byte, an error line from `i2ctransfer`, or no
    ///   bytes at all.
    public static func bytes(from text: String) throws(Problem) -> [UInt8] {
        var bytes: [UInt8] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = tokens.first else { continue }
            if first == "Error:" {
                throw Problem(
                    line: index + 1,
                    message:
                        "i2ctransfer failed (\"\(line.trimmingSpaces)\"), so there are no bytes to decode; check the address and the wiring, and run it again."
                )
            }
            guard first.lowercased().hasPrefix("0x") else { continue }
            for token in tokens {
                let digits = token.dropFirst(2)
                guard token.lowercased().hasPrefix("0x"), (1...2).contains(digits.count),
                    let byte = UInt8(digits, radix: 16)
                else {
                    throw Problem(
                        line: index + 1,
                        message:
                            "\"\(token)\" is not a byte; `sensor decode` reads bytes as i2ctransfer prints them (0x66 0x8e 0x71 …)."
                    )
                }
                bytes.append(byte)
            }
        }
        guard !bytes.isEmpty else {
            throw Problem(
                line: nil,
                message:
                    "There are no bytes in it; `sensor decode` reads what `i2ctransfer` printed, such as 0x66 0x8e 0x71 0x5c 0x3a 0x9d."
            )
        }
        return bytes
    }
}
