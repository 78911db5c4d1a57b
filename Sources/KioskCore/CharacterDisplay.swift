/// The size of a character display in characters: 16×2, 20×4, …
public struct CharacterGridSize: Sendable, Hashable, CustomStringConvertible {
    /// Characters per row.
    public var columns: Int
    /// Rows.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// 16×2, the most common module.
    public static let size16x2 = CharacterGridSize(columns: 16, rows: 2)
    /// 20×2.
    public static let size20x2 = CharacterGridSize(columns: 20, rows: 2)
    /// 20×4.
    public static let size20x4 = CharacterGridSize(columns: 20, rows: 4)
    /// 16×4.
    public static let size16x4 = CharacterGridSize(columns: 16, rows: 4)
    /// 40×2.
    public static let size40x2 = CharacterGridSize(columns: 40, rows: 2)

    /// The modules the kiosk drives: one HD44780 controller addresses at most 80 characters
    /// (40×4 modules have two controllers and are not supported).
    /// With 20×2 among them, `columns` and `rows` can be set one after the other in either
    /// order between the common 16×2 and 20×4.
    public static let supported: [CharacterGridSize] = [
        size16x2, size20x2, size16x4, size20x4, size40x2,
    ]

    /// Parses "16x2" (also with "×" or "X"); nil unless both parts are whole numbers.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(omittingEmptySubsequences: false) { "xX×".contains($0) }
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            columns > 0, rows > 0
        else { return nil }
        self.init(columns: columns, rows: rows)
    }

    /// Whether the kiosk can drive a module of this size.
    public var isSupported: Bool { Self.supported.contains(self) }

    /// Characters on the screen.
    public var count: Int { columns * rows }

    /// "16x2".
    public var description: String { "\(columns)x\(rows)" }
}

/// One of the eight user-defined characters of a character display (the HD44780's CGRAM):
/// 5 dots wide and 8 rows tall; the eighth row is where the cursor would be.
public struct CharacterGlyph: Sendable, Hashable {
    /// The rows top to bottom, each in its low five bits, bit 4 the leftmost dot.
    public let rows: [UInt8]

    /// A glyph from its eight rows (only the low five bits count).
    /// - Precondition: exactly eight rows (a programmer error otherwise).
    public init(rows: [UInt8]) {
        precondition(rows.count == 8, "a character glyph has 8 rows")
        self.rows = rows.map { $0 & 0x1F }
    }

    /// A glyph drawn as eight strings of five characters, "#" for a lit dot: readable in
    /// source.
    /// - Precondition: eight strings of five characters (a programmer error otherwise).
    public init(_ picture: [String]) {
        precondition(picture.count == 8 && picture.allSatisfy { $0.count == 5 })
        self.init(
            rows: picture.map { line in
                line.reduce(UInt8(0)) { ($0 << 1) | ($1 == "#" ? 1 : 0) }
            })
    }

    /// Whether the dot at `column` (0…4, left to right) of `row` (0…7) is lit.
    public func isLit(column: Int, row: Int) -> Bool {
        rows[row] & (0x10 >> UInt8(column)) != 0
    }
}

/// What a character display shows: the character codes of its ROM, row by row, and the
/// user-defined glyphs that the codes 0…7 stand for.
public struct CharacterFrame: Sendable, Hashable {
    /// The frame's size.
    public let size: CharacterGridSize
    /// `columns × rows` character codes, row-major, top row first: ROM codes (A00: ASCII,
    /// 0xDF "°", 0xE1 "ä", 0xEF "ö", 0xF5 "ü") or 0…7 for `glyphs`.
    public var codes: [UInt8]
    /// Up to eight user-defined glyphs: code n shows `glyphs[n]`.
    public var glyphs: [CharacterGlyph]

    /// The most user-defined glyphs a frame may use.
    public static let glyphLimit = 8

    /// A frame of `size` filled with spaces.
    public init(size: CharacterGridSize) {
        self.size = size
        codes = Array(repeating: 0x20, count: size.count)
        glyphs = []
    }

    /// A frame from its codes and glyphs.
    /// - Precondition: `columns × rows` codes and at most eight glyphs (programmer errors).
    public init(size: CharacterGridSize, codes: [UInt8], glyphs: [CharacterGlyph] = []) {
        precondition(codes.count == size.count && glyphs.count <= Self.glyphLimit)
        self.size = size
        self.codes = codes
        self.glyphs = glyphs
    }

    /// The code at `column`, `row`.
    public subscript(column: Int, row: Int) -> UInt8 {
        get { codes[row * size.columns + column] }
        set { codes[row * size.columns + column] = newValue }
    }

    /// The codes of one row.
    public func row(_ index: Int) -> ArraySlice<UInt8> {
        codes[index * size.columns..<(index + 1) * size.columns]
    }

    /// Writes `line`'s codes into row `row` from `column` on, cut at the row's end.
    public mutating func write(_ line: [UInt8], row: Int, column: Int = 0) {
        guard (0..<size.rows).contains(row) else { return }
        for (offset, code) in line.enumerated() {
            let x = column + offset
            guard x >= 0 else { continue }
            guard x < size.columns else { break }
            self[x, row] = code
        }
    }
}

/// A character display the pages are shown on as text: an HD44780-compatible LCD.
///
/// The contract every implementation keeps:
/// - `show` and `setPower` suspend until the display has the frame or the new state; they
///   never block a thread of the cooperative pool (the I2C bus has a thread of its own).
///   Calls on one display come from one owner and do not overlap.
/// - A frame of another size than `size` is drawn from the top-left corner, cropped, and the
///   rest of the screen is blank.
/// - A frame shown while the power is `off` is kept and appears when it is turned on again;
///   `dim` keeps the text but turns the backlight off.
/// - A failure throws an error whose description is one sentence naming the device and what
///   to do; the display stays usable, and the next call sets the controller up again.
///
/// Unlike `Display` the calls are asynchronous: a character display sits on the `I2CDevice`
/// port, which suspends instead of blocking.
public protocol CharacterDisplay: Sendable {
    /// The display's size in characters.
    var size: CharacterGridSize { get }

    /// Puts a frame on the display.
    /// - Throws: an error naming the device when the frame could not be written.
    func show(_ frame: CharacterFrame) async throws

    /// Turns the display on, dims it (backlight off) or blanks it.
    /// - Throws: an error naming the device when the state could not be changed.
    func setPower(_ power: DisplayPower) async throws
}
