/// A piece of a line with its own colour and face.
struct TextRun {
    var text: String
    var color: Color
    var style: FontStyle = .regular
}

/// Lines made of differently coloured pieces, such as "14° / 8°".
extension Canvas {
    /// Draws `runs` side by side on one baseline in `rect`, all at the largest size up to
    /// `size` at which the whole line fits. Returns the ink box; nil when it does not fit at
    /// the smallest text size.
    @discardableResult
    func drawRuns(
        _ runs: [TextRun], in rect: Rect, size: Double, alignment: TextAlignment = .center
    ) -> Rect? {
        func totalAdvance(_ size: Double) -> Double {
            runs.reduce(0) { $0 + measure($1.text, style: $1.style, size: size).advance }
        }
        var size = min(size, Self.heightFactor * rect.height)
        guard size >= minimumTextSize else { return nil }
        var total = totalAdvance(size)
        while total > rect.width && size >= minimumTextSize {
            size = min(size * 0.97, size * rect.width / total)
            total = totalAdvance(size)
        }
        guard size >= minimumTextSize else { return nil }
        var x: Double
        switch alignment {
        case .left: x = rect.minX
        case .center: x = rect.midX - total / 2
        case .right: x = rect.maxX - total
        }
        let baseline = rect.midY + Self.capHeight * size / 2
        var ink: Rect?
        for run in runs {
            let drawn = drawText(
                run.text, baseline: Point(x: x, y: baseline), style: run.style, size: size,
                color: run.color)
            if !run.text.allSatisfy(\.isWhitespace) {
                ink = ink.map { $0.union(drawn) } ?? drawn
            }
            x += measure(run.text, style: run.style, size: size).advance
        }
        return ink
    }

    /// Draws a drop followed by `text` ("20 %"), centred or aligned in `rect`.
    func drawPrecipitation(
        _ text: String, in rect: Rect, size: Double, color: Color,
        alignment: TextAlignment = .center
    ) {
        var size = min(size, Self.heightFactor * rect.height)
        guard size >= minimumTextSize else { return }
        var advance = measure(text, style: .regular, size: size).advance
        let dropWidth = { (size: Double) in size * 1.0 }
        while advance + dropWidth(size) > rect.width && size >= minimumTextSize {
            size *= 0.95
            advance = measure(text, style: .regular, size: size).advance
        }
        guard size >= minimumTextSize else { return }
        let total = advance + dropWidth(size)
        let left: Double
        switch alignment {
        case .left: left = rect.minX
        case .center: left = rect.midX - total / 2
        case .right: left = rect.maxX - total
        }
        let dropHeight = size * 0.9
        drop(
            in: Rect(
                x: left, y: rect.midY - dropHeight / 2 - size * 0.05, width: size * 0.7,
                height: dropHeight),
            color: color)
        drawText(
            text,
            baseline: Point(x: left + dropWidth(size), y: rect.midY + Self.capHeight * size / 2),
            style: .regular, size: size, color: color)
    }
}
