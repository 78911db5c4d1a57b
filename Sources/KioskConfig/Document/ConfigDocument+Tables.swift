import KioskCore

extension ConfigDocument {
    /// The document without the table `name` (`[mqtt]`): its header with the comments just
    /// above it and everything up to the next table's, any `[name.sub]` tables, and any
    /// `name.key = …` or `name = { … }` at the root. Unchanged when the file has none of it;
    /// every other byte stays as it was.
    /// - Throws: `ConfigFileError` when the file's layout is one this editor does not touch.
    public func removingTable(_ name: String) throws(ConfigFileError) -> ConfigDocument {
        let layout = try layout()
        let table = ConfigPath([.key(name)])
        var ranges: [Range<Int>] = []
        for (index, header) in layout.headers.enumerated()
        where header.path.components.first == .key(name) && !header.isArray {
            let start = attachedCommentStart(header.lineStart)
            let next = layout.headers.indices.first { $0 > index }
            guard let next else {
                // The last table: the blank lines that set it apart go with it.
                var from = start
                while from > 0, let previous = lineRange(endingAt: from), isBlank(previous) {
                    from = previous.lowerBound
                }
                ranges.append(from..<text.utf8.count)
                continue
            }
            ranges.append(start..<attachedCommentStart(layout.headers[next].lineStart))
        }
        for statement in layout.statements
        where statement.headerIndex == nil
            && statement.path.components.starts(with: table.components)
        {
            ranges.append(statement.lineStart..<statement.lineEnd)
        }
        var document = self
        // From the end, so that earlier offsets stay valid.
        for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) {
            document = document.replacing(range, with: "")
        }
        return document
    }
}
