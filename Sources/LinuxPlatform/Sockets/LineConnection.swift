import KioskCore

/// One client of a `LineServer` as its thread sees it: bytes read and not yet
/// parsed, replies in request order, bytes to write, and the times the limits look at.
struct LineConnection {
    /// Tells this client's replies apart from those of an earlier client that had the same
    /// descriptor number.
    let id: UInt64
    var input: [UInt8] = []
    var output: [UInt8] = []
    /// Replies in request order: nil while its work runs. A client that
    /// pipelines requests gets its replies in the order it asked.
    var slots: [[UInt8]?] = []
    /// The slot number of `slots[0]`.
    var firstSlot = 0
    /// The peer finished sending; close once everything is answered.
    var readClosed = false
    /// The request was too long: reply, then close.
    var closeAfterWrite = false
    /// The peer is gone altogether: replies are thrown away, requests it sent before it
    /// left are still carried out.
    var peerGone = false
    /// When the client last sent or read anything (monotonic seconds).
    var lastActivity: Double
    /// Since when its unread replies have been over the cap, if they are.
    var overOutputSince: Double?
    /// Taken beyond the places while every one was busy: one request, then closed.
    let inLane: Bool

    init(id: UInt64, now: Double, inLane: Bool = false) {
        self.id = id
        self.lastActivity = now
        self.inLane = inLane
    }

    /// Requests whose work runs, or answered behind one whose work runs.
    var inFlight: Int { slots.count }
    /// Nothing asked, nothing to write: the client only holds a place.
    var isIdle: Bool { slots.isEmpty && output.isEmpty }
    /// Reply bytes waiting for the client.
    var queuedBytes: Int { output.count + slots.reduce(0) { $0 + ($1?.count ?? 0) } }
    /// Whether a complete request line is buffered.
    var hasCompleteLine: Bool { input.contains(UInt8(ascii: "\n")) }

    /// Whether more requests may be taken from this client now.
    func acceptsRequests(_ limits: LineServer.Limits) -> Bool {
        !closeAfterWrite && inFlight < limits.maximumRequestsInFlight
            && output.count <= limits.maximumQueuedOutputBytes
    }

    /// Whether to read from the socket now: requests are welcome and none is buffered.
    func wantsToRead(_ limits: LineServer.Limits) -> Bool {
        !readClosed && acceptsRequests(limits) && !hasCompleteLine
    }

    /// Whether everything is done and the client can be closed.
    var isFinished: Bool {
        output.isEmpty && slots.isEmpty && (closeAfterWrite || (readClosed && !hasCompleteLine))
    }

    /// Adds a reply slot and returns its number.
    mutating func reserveSlot(_ reply: [UInt8]?) -> Int {
        slots.append(reply)
        flush()
        return firstSlot + slots.count - 1
    }

    /// Fills slot `number`.
    mutating func fill(_ number: Int, with reply: [UInt8]) {
        let index = number - firstSlot
        guard slots.indices.contains(index) else { return }
        slots[index] = reply
        flush()
    }

    /// Moves every leading answered slot to the output.
    mutating func flush() {
        while let first = slots.first, let reply = first {
            if !peerGone { output += reply }
            slots.removeFirst()
            firstSlot += 1
        }
    }

    /// Notes whether the unread replies are over the cap, and since when.
    mutating func checkOutput(_ limits: LineServer.Limits, now: Double) {
        if output.count > limits.maximumQueuedOutputBytes {
            overOutputSince = overOutputSince ?? now
        } else {
            overOutputSince = nil
        }
    }

    /// Whether the client may be closed to make room for a new one: idle for a second at
    /// least, so that clients that just connected and are about to ask are left alone.
    func mayMakeRoom(_ limits: LineServer.Limits, now: Double) -> Bool {
        isIdle && now - lastActivity >= min(1, limits.idleSeconds)
    }

    /// When this client may make room for a new one, if it is idle.
    func roomDeadline(_ limits: LineServer.Limits) -> Double? {
        isIdle ? lastActivity + min(1, limits.idleSeconds) : nil
    }

    /// When a limit closes this client unless something happens first: a client in the
    /// lane that asks nothing has a second.
    func deadline(_ limits: LineServer.Limits) -> Double? {
        if let overOutputSince { return overOutputSince + limits.stalledOutputSeconds }
        guard isIdle else { return nil }
        return lastActivity + (inLane ? min(1, limits.idleSeconds) : limits.idleSeconds)
    }
}

extension LineServer {
    /// The monotonic clock in seconds, for the limits' deadlines.
    static func monotonicSeconds() -> Double {
        Double(MonotonicClock.now().nanoseconds) / 1e9
    }
}
