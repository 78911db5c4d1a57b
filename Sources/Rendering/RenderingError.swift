/// A failure to draw or to encode a picture: one sentence that names the file or the size
/// involved and what to do.
public struct RenderingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence.
    public var message: String

    /// Creates an error from its sentence.
    public init(_ message: String) { self.message = message }

    /// The sentence.
    public var description: String { message }
}
