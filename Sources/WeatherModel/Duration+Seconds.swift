extension Duration {
    /// The duration in seconds, fractions included.
    public var totalSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// A duration of `seconds`; nil when it is not a finite number.
    public init?(totalSeconds seconds: Double) {
        guard seconds.isFinite, seconds.magnitude < 1e15 else { return nil }
        self = .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
