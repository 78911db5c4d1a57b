/// Text that wraps over several lines.
extension Canvas {
    /// `text` broken into lines no wider than `width` at `size`; a word wider than the line
    /// stays on a line of its own (and is then shortened by the caller's fitting).
    func wrap(_ text: String, style: FontStyle, size: Double, width: Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if line.isEmpty || measure(candidate, style: style, size: size).advance <= width {
                    line = candidate
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// Draws `text` wrapped to `rect`'s width, shrinking from `size` until all lines fit the
    /// height (line height 1.3 × size), starting at the top (or centred vertically).
    /// Returns the box of the lines drawn; nil when nothing fits.
    @discardableResult
    func drawParagraph(
        _ text: String, in rect: Rect, style: FontStyle, size: Double, color: Color,
        alignment: TextAlignment = .left, centredVertically: Bool = false
    ) -> Rect? {
        var size = size
        var lines = wrap(text, style: style, size: size, width: rect.width)
        while size > minimumTextSize,
            Double(lines.count) * size * Self.lineSpacing > rect.height
                || lines.contains(where: {
                    measure($0, style: style, size: size).advance > rect.width
                })
        {
            size = max(minimumTextSize, size * 0.92)
            lines = wrap(text, style: style, size: size, width: rect.width)
        }
        let lineHeight = size * Self.lineSpacing
        let fitting = max(1, Int(safely: rect.height / lineHeight))
        if lines.count > fitting {
            lines = Array(lines.prefix(fitting))
            lines[fitting - 1] += "…"
        }
        let total = Double(lines.count) * lineHeight
        var top = centredVertically ? rect.midY - total / 2 : rect.minY
        var drawn: Rect?
        for line in lines {
            let box = Rect(x: rect.x, y: top, width: rect.width, height: lineHeight)
            if let placed = drawText(
                line, in: box, style: style, size: size, color: color, alignment: alignment)
            {
                drawn = drawn.map { $0.union(placed.ink) } ?? placed.ink
            }
            top += lineHeight
        }
        return drawn
    }

    /// Line height over text size in paragraphs.
    static let lineSpacing = 1.3
}
