import KioskCore

/// The text `i2cdump -y BUS ADDR` prints (byte mode): a header, then 16 rows "00:" … "f0:"
/// of 16 hex bytes each, then an ASCII column. Other lines (the header, warnings, a shell
/// prompt pasted along) are ignored; the rows must all be there, once each.
public enum I2CDumpText {
    /// Why a text is not a complete dump; one sentence without the file name.
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

    private static let usage =
        "`sensor decode` needs all 16 rows of 16 bytes that `i2cdump -y BUS ADDR` prints (byte mode, the default)"

    /// The 256 register values of a dump.
    /// - Throws: `Problem` when a row is malformed, holds a failed read (XX), appears twice,
    ///   or rows are missing.
    public static func registers(from text: String) throws(Problem) -> [UInt8] {
        var registers = [UInt8](repeating: 0, count: 256)
        var seen = Set<Int>()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            guard let colon = line.firstIndex(of: ":"),
                line.distance(from: line.startIndex, to: colon) == 2,
                let offset = Int(line[..<colon], radix: 16)
            else { continue }
            let number = index + 1
            guard offset % 16 == 0 else {
                throw Problem(
                    line: number,
                    message:
                        "row \(line[..<colon]): does not start at a multiple of 0x10; \(usage).")
            }
            guard seen.insert(offset).inserted else {
                throw Problem(
                    line: number, message: "row \(line[..<colon]): appears twice; \(usage).")
            }
            let tokens = line[line.index(after: colon)...].split(
                separator: " ", omittingEmptySubsequences: true)
            var bytes: [UInt8] = []
            for token in tokens.prefix(16) {
                if token.uppercased() == "XX" {
                    throw Problem(
                        line: number,
                        message:
                            "row \(line[..<colon]): register \(I2CAddress.text(UInt8(truncatingIfNeeded: offset + bytes.count))) reads XX (the read failed); dump again with the sensor connected."
                    )
                }
                guard token.count == 2, let byte = UInt8(token, radix: 16) else { break }
                bytes.append(byte)
            }
            guard bytes.count == 16 else {
                throw Problem(
                    line: number,
                    message: "row \(line[..<colon]): has \(bytes.count) bytes, not 16; \(usage).")
            }
            for (column, byte) in bytes.enumerated() { registers[offset + column] = byte }
        }
        guard seen.count == 16 else {
            if seen.isEmpty {
                throw Problem(
                    line: nil,
                    message: "There are no i2cdump rows (lines \"00:\" to \"f0:\") in it; \(usage)."
                )
            }
            let missing = stride(from: 0, to: 256, by: 16).filter { !seen.contains($0) }
                .map {
                    String($0, radix: 16).count == 1
                        ? "0\(String($0, radix: 16))" : String($0, radix: 16)
                }
            throw Problem(
                line: nil,
                message:
                    "It has \(seen.count) of the 16 rows (missing \(missing.joined(separator: ", "))); \(usage)."
            )
        }
        return registers
    }

    /// The text i2cdump would print for `registers` (256 values): header, rows, ASCII.
    public static func render(_ registers: [UInt8]) -> String {
        var lines = ["     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f    0123456789abcdef"]
        for row in 0..<16 {
            let values = registers[row * 16..<row * 16 + 16]
            let hex = values.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            let ascii = String(
                values.map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "." })
            lines.append(
                String(row, radix: 16) + "0: " + hex.joined(separator: " ") + "    " + ascii)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
