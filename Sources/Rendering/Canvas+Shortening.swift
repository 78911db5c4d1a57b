/// Shortening a text that does not fit.
extension Canvas {
    /// The longest start of `text` that fits `width` at `size` with "…" after it (trailing
    /// spaces dropped before the "…"), or nil when not even "…" fits. Found by halving: a
    /// handful of measurements however long the text (one per character made a
    /// 40,000-character name take 26 s a frame).
    func longestStart(of text: String, style: FontStyle, size: Double, width: Double)
        -> String?
    {
        let characters = Array(text)
        func shortened(_ count: Int) -> String {
            String(characters[..<count]).trimmingTrailingSpaces + "…"
        }
        var low = 0
        var high = characters.count - 1
        var longest: Int?
        while low <= high {
            let middle = (low + high) / 2
            if measure(shortened(middle), style: style, size: size).advance <= width {
                longest = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return longest.map(shortened)
    }
}
