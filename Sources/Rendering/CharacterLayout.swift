import KioskCore

/// A piece of an LCD line: ROM codes, or one of the user-defined icons.
enum CharacterToken: Hashable {
    case codes([UInt8])
    case icon(CharacterIcon)

    /// Text in ROM A00 codes (transliterated).
    static func text(_ text: String) -> CharacterToken { .codes(CharacterROM.codes(text)) }

    /// Characters it takes.
    var width: Int {
        switch self {
        case .codes(let codes): codes.count
        case .icon: 1
        }
    }
}

/// One line of an LCD, before it is padded to the display's width.
typealias CharacterLine = [CharacterToken]

extension Array where Element == CharacterToken {
    /// Characters the line takes.
    var width: Int { reduce(0) { $0 + $1.width } }

    /// The line cut to `width` characters.
    func truncated(to width: Int) -> CharacterLine {
        var result: CharacterLine = []
        var room = width
        for token in self where room > 0 {
            switch token {
            case .codes(let codes):
                result.append(.codes([UInt8](codes.prefix(room))))
                room -= Swift.min(room, codes.count)
            case .icon:
                result.append(token)
                room -= 1
            }
        }
        return result
    }
}

/// Fitting text to a width: variants from the most to the least detailed, packing items
/// into lines, wrapping words.
enum CharacterFit {
    /// The first variant that fits `width` with `right` right-aligned after a space; the
    /// last variant cut short when none does. `right` is left out when even that leaves
    /// fewer than four characters for the rest.
    static func line(_ variants: [CharacterLine], right: CharacterLine = [], width: Int)
        -> CharacterLine
    {
        var right = right
        if !right.isEmpty, width - right.width - 1 < 4 { right = [] }
        let room = right.isEmpty ? width : width - right.width - 1
        let chosen =
            variants.first { $0.width <= room } ?? (variants.last ?? []).truncated(to: room)
        guard !right.isEmpty else { return chosen }
        let gap = width - chosen.width - right.width
        return chosen + [.codes(Array(repeating: 0x20, count: gap))] + right
    }

    /// Items (each with its variants, most detailed first) packed into at most `maxLines`
    /// lines of `width`, one space apart: the most detailed level at which all fit; at the
    /// last level, as many as fit.
    static func pack(_ items: [[CharacterLine]], width: Int, maxLines: Int) -> [CharacterLine] {
        let levels = items.map(\.count).max() ?? 0
        var lines: [CharacterLine] = []
        for level in 0..<max(1, levels) {
            lines = []
            var current: CharacterLine = []
            for item in items {
                let piece = item[min(level, item.count - 1)]
                if current.isEmpty {
                    current = piece
                } else if current.width + 1 + piece.width <= width {
                    current += [.text(" ")] + piece
                } else {
                    lines.append(current)
                    current = piece
                }
            }
            if !current.isEmpty { lines.append(current) }
            if lines.count <= maxLines && lines.allSatisfy({ $0.width <= width }) {
                return lines
            }
        }
        return lines.prefix(maxLines).map { $0.truncated(to: width) }
    }

    /// `text` wrapped at spaces into lines of `width`; a word longer than a line is cut.
    static func wrap(_ text: String, width: Int) -> [CharacterLine] {
        var lines: [CharacterLine] = []
        var current: [UInt8] = []
        for word in CharacterROM.codes(text).split(separator: 0x20) {
            let word = Array(word.prefix(width))
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= width {
                current += [0x20] + word
            } else {
                lines.append([.codes(current)])
                current = word
            }
        }
        if !current.isEmpty { lines.append([.codes(current)]) }
        return lines
    }
}

/// A part of a page's text that asks for lines: `lines(width, budget)` gives at most
/// `budget` lines that fit `width`; a list (favourites, hours) gives as many as it has and
/// may be split over several screens.
struct CharacterSection {
    var isList = false
    var lines: (_ width: Int, _ budget: Int) -> [CharacterLine]
}

/// A page as text: a header line (title on the left, a clock on the right) and sections.
struct CharacterPage {
    var title: [CharacterLine]
    var clock: CharacterLine
    var sections: [CharacterSection]
}

/// The screens a page takes on a grid, and the frame of each.
struct CharacterScreens {
    let size: CharacterGridSize

    /// Two-row displays of 32 columns or more (40×2) are used as two columns of lines.
    private var isSplit: Bool { size.rows == 2 && size.columns >= 32 }

    /// The page's screens, each `rows` (or, split, `2 × rows`) lines.
    func screens(_ page: CharacterPage) -> [[CharacterLine]] {
        let slotWidths = isSplit ? [size.columns / 2 - 1, size.columns - size.columns / 2] : []
        let width = isSplit ? slotWidths[0] : size.columns
        let perScreen = isSplit ? size.rows * 2 : size.rows
        let header = CharacterFit.line(page.title, right: page.clock, width: width)
        let repeatHeader = size.rows >= 4
        let budget = isSplit || size.rows >= 4 ? 1 : 2
        // Blocks stay together on one screen; list lines are blocks of one.
        var blocks: [[CharacterLine]] = []
        for section in page.sections {
            let lines = section.lines(width, section.isList ? Int.max : budget)
            if section.isList {
                blocks += lines.map { [$0] }
            } else if !lines.isEmpty {
                blocks.append(Array(lines.prefix(perScreen)))
            }
        }
        var screens: [[CharacterLine]] = []
        var current: [CharacterLine] = [header]
        for block in blocks {
            if current.count + block.count > perScreen {
                screens.append(current)
                current = repeatHeader ? [header] : []
            }
            current += block
        }
        if !current.isEmpty { screens.append(current) }
        return screens
    }

    /// The frame that shows `lines`: glyphs in the order they first appear (at most eight;
    /// an icon past the eighth shows as "*").
    func frame(_ lines: [CharacterLine]) -> CharacterFrame {
        var frame = CharacterFrame(size: size)
        var icons: [CharacterIcon] = []
        func codes(_ line: CharacterLine) -> [UInt8] {
            line.flatMap { token -> [UInt8] in
                switch token {
                case .codes(let codes): return codes
                case .icon(let icon):
                    if let slot = icons.firstIndex(of: icon) { return [UInt8(slot)] }
                    guard icons.count < CharacterFrame.glyphLimit else { return [0x2A] }
                    icons.append(icon)
                    return [UInt8(icons.count - 1)]
                }
            }
        }
        for (index, line) in lines.enumerated() {
            if isSplit {
                let row = index / 2
                let column = index % 2 == 0 ? 0 : size.columns / 2
                let width = index % 2 == 0 ? size.columns / 2 - 1 : size.columns - size.columns / 2
                guard row < size.rows else { break }
                frame.write(codes(line.truncated(to: width)), row: row, column: column)
            } else {
                guard index < size.rows else { break }
                frame.write(codes(line.truncated(to: size.columns)), row: index)
            }
        }
        frame.glyphs = icons.map(\.glyph)
        return frame
    }
}
