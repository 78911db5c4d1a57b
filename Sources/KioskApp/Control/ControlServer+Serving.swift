import LinuxPlatform
import Synchronization

extension ControlServer {
    /// The server thread: waits in `poll` until a client, the listener, the wake-up pipe or
    /// the nearest limit's deadline needs it, until `stop()`.
    func serve(listener: Int32, wakePipe: WakePipe) {
        var clients: [Int32: ControlConnection] = [:]
        var nextID: UInt64 = 0
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        loop: while !shared.withLock({ $0.stopping }) {
            var descriptors = [PollEntry(wakePipe.descriptor, events: .readable)]
            let lane = clients.values.count(where: \.inLane)
            let full = clients.count - lane >= limits.maximumClients
            let before = Self.monotonicSeconds()
            if !full || lane < limits.laneClients
                || clients.values.contains(where: { $0.mayMakeRoom(limits, now: before) })
            {
                descriptors.append(PollEntry(listener, events: .readable))
            }
            for (descriptor, client) in clients where !client.peerGone {
                var events: PollEvents = []
                if client.wantsToRead(limits) { events.insert(.readable) }
                if !client.output.isEmpty { events.insert(.writable) }
                descriptors.append(PollEntry(descriptor, events: events))
            }
            let timeout = pollTimeout(clients, full: full)
            switch Poller.wait(&descriptors, timeout: timeout) {
            case .ready: break
            case .interrupted: continue
            case .failed: break loop
            }
            let now = Self.monotonicSeconds()
            for entry in descriptors where !entry.returned.isEmpty {
                if entry.descriptor == wakePipe.descriptor {
                    wakePipe.drain()
                    collectReplies(into: &clients)
                } else if entry.descriptor == listener {
                    accept(listener, into: &clients, nextID: &nextID, now: now)
                } else if var client = clients[entry.descriptor] {
                    service(entry, &client, buffer: &buffer, now: now)
                    clients[entry.descriptor] = client
                }
            }
            tidy(&clients, buffer: &buffer, now: now)
        }
        finish(clients: clients)
    }

    /// Milliseconds until the nearest limit's deadline; -1 (forever) when none is due.
    /// When every place is taken, the moment the first idle client may make room counts.
    private func pollTimeout(_ clients: [Int32: ControlConnection], full: Bool) -> Int32 {
        var deadlines = clients.values.compactMap { $0.deadline(limits) }
        if full { deadlines += clients.values.compactMap { $0.roomDeadline(limits) } }
        guard let deadline = deadlines.min() else { return -1 }
        let milliseconds = (deadline - Self.monotonicSeconds()) * 1000
        return Int32(max(0, min(milliseconds.rounded(.up), 3_600_000)))
    }

    /// Takes requests that were held back, applies the limits, and closes finished
    /// clients.
    private func tidy(
        _ clients: inout [Int32: ControlConnection], buffer: inout [UInt8], now: Double
    ) {
        var peak = 0
        var closedIdle = 0
        var closedStalled = 0
        for descriptor in Array(clients.keys) {
            guard var client = clients[descriptor] else { continue }
            if client.peerGone, client.acceptsRequests(limits), !client.hasCompleteLine,
                !client.readClosed
            {
                receive(descriptor, &client, buffer: &buffer)
            }
            dispatchBuffered(from: descriptor, &client)
            client.checkOutput(limits, now: now)
            peak = max(peak, client.queuedBytes)
            var drop = client.isFinished
            if let deadline = client.deadline(limits), deadline <= now {
                drop = true
                if client.overOutputSince != nil { closedStalled += 1 } else { closedIdle += 1 }
            }
            if drop {
                UnixSocket.close(descriptor)
                clients[descriptor] = nil
            } else {
                clients[descriptor] = client
            }
        }
        let open = clients.count
        shared.withLock { state in
            state.statistics.openClients = open
            state.statistics.peakQueuedOutputBytes = max(
                state.statistics.peakQueuedOutputBytes, peak)
            state.statistics.closedIdle += closedIdle
            state.statistics.closedStalled += closedStalled
        }
    }

    private func accept(
        _ listener: Int32, into clients: inout [Int32: ControlConnection], nextID: inout UInt64,
        now: Double
    ) {
        while true {
            let lane = clients.values.count(where: \.inLane)
            var inLane = false
            if clients.count - lane >= limits.maximumClients {
                // Every place is taken: the client idle the longest gives up its own; when
                // every one is busy, the newcomer may ask one short thing in the lane.
                let idle = clients.filter {
                    !$0.value.inLane && $0.value.mayMakeRoom(limits, now: now)
                }
                if let oldest = idle.min(by: { $0.value.lastActivity < $1.value.lastActivity }) {
                    UnixSocket.close(oldest.key)
                    clients[oldest.key] = nil
                    shared.withLock { $0.statistics.closedForRoom += 1 }
                } else if lane < limits.laneClients {
                    inLane = true
                } else {
                    return
                }
            }
            guard let descriptor = UnixSocket.accept(listener) else { return }
            nextID += 1
            clients[descriptor] = ControlConnection(id: nextID, now: now, inLane: inLane)
            if inLane { shared.withLock { $0.statistics.laneClients += 1 } }
        }
    }

    private func service(
        _ entry: PollEntry, _ client: inout ControlConnection, buffer: inout [UInt8], now: Double
    ) {
        let descriptor = entry.descriptor
        if entry.returned.contains(.writable), !client.output.isEmpty {
            switch UnixSocket.send(descriptor, client.output) {
            case .bytes(let written):
                client.output.removeFirst(written)
                client.lastActivity = now
                client.overOutputSince = nil
            case .noRoom:
                break
            case .peerGone:
                client.output = []
                client.peerGone = true
            }
        }
        if entry.returned.contains(.readable), client.wantsToRead(limits) {
            if receive(descriptor, &client, buffer: &buffer) { client.lastActivity = now }
        } else if !entry.returned.isDisjoint(with: [.hangUp, .error]) {
            // Gone without anything to read now: replies have nowhere to go, but what it
            // sent before is still carried out (read without `poll`, which would report
            // the hang-up again and again).
            client.output = []
            client.peerGone = true
        }
    }

    /// Reads what the client sent; returns whether anything came.
    @discardableResult
    private func receive(
        _ descriptor: Int32, _ client: inout ControlConnection, buffer: inout [UInt8]
    )
        -> Bool
    {
        switch UnixSocket.receive(descriptor, into: &buffer) {
        case .bytes(let count):
            client.input += buffer[0..<count]
            return true
        case .nothingYet:
            return false
        case .closed:
            client.readClosed = true
            return false
        }
    }

    /// Hands buffered request lines to the handler while the client's limits allow.
    private func dispatchBuffered(from descriptor: Int32, _ client: inout ControlConnection) {
        // Lines are taken from a cursor and the buffer shortened once: removing each line
        // from the front would move the rest every time (a flood of newlines kept a core
        // busy).
        var start = client.input.startIndex
        while client.acceptsRequests(limits),
            let newline = client.input[start...].firstIndex(of: UInt8(ascii: "\n"))
        {
            let line = Array(client.input[start..<newline])
            start = newline + 1
            dispatch(line, client: &client)
        }
        client.input.removeFirst(start - client.input.startIndex)
        if !client.hasCompleteLine, client.input.count > ControlProtocol.maximumRequestBytes {
            client.input = []
            _ = client.reserveSlot(
                ControlProtocol.errorLine(
                    "The request is longer than 64 KiB; send one JSON object per line."))
            client.closeAfterWrite = true
        }
    }

    private func dispatch(_ line: [UInt8], client: inout ControlConnection) {
        // A client in the lane gets this one request answered, then is closed.
        if client.inLane { client.closeAfterWrite = true }
        // An empty line is a request like any other, answered: a client that sends
        // nothing but newlines meets the limits on unread answers.
        if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
            _ = client.reserveSlot(
                ControlProtocol.errorLine(
                    "An empty line is no request; send one JSON object per line, such as {\"cmd\":\"status\"}."
                ))
            return
        }
        if line.count > ControlProtocol.maximumRequestBytes {
            _ = client.reserveSlot(
                ControlProtocol.errorLine(
                    "The request is longer than 64 KiB; send one JSON object per line."))
            return
        }
        let request: ControlRequest
        do {
            request = try ControlProtocol.decode(line)
        } catch {
            _ = client.reserveSlot(ControlProtocol.errorLine(error.message))
            return
        }
        let preview = request.cmd == "preview"
        if preview, let refusal = previewRefusal(inLane: client.inLane) {
            _ = client.reserveSlot(ControlProtocol.errorLine(refusal))
            return
        }
        let slot = client.reserveSlot(nil)
        let handler = handler
        let id = client.id
        shared.withLock { $0.statistics.requestsHandled += 1 }
        // High priority: someone waits at the other end. Made on this thread, which is no
        // task's, the task got the default (medium) priority, and the pool runs every
        // higher-priority job first: behind a test run's tasks on two threads, control
        // replies waited past their 15 s.
        Task(priority: .high) {
            let reply = await handler(request)
            self.shared.withLock { $0.replies.append((id, slot, reply, preview)) }
            self.wake()
        }
    }

    /// Why a preview is not taken now, if it is not; otherwise it counts as waiting.
    private func previewRefusal(inLane: Bool) -> String? {
        if inLane {
            shared.withLock { $0.statistics.previewsRefused += 1 }
            return
                "Every place on the control socket is busy; a preview waits for a free one, so ask again in a moment."
        }
        return shared.withLock { state -> String? in
            guard state.waitingPreviews < limits.maximumWaitingPreviews else {
                state.statistics.previewsRefused += 1
                return
                    "\(limits.maximumWaitingPreviews) previews already wait for the next frame, the most the kiosk serves at once; ask again when one has ended."
            }
            state.waitingPreviews += 1
            state.statistics.peakWaitingPreviews = max(
                state.statistics.peakWaitingPreviews, state.waitingPreviews)
            return nil
        }
    }

    private func collectReplies(into clients: inout [Int32: ControlConnection]) {
        let replies = shared.withLock {
            state -> [(client: UInt64, slot: Int, bytes: [UInt8], preview: Bool)] in
            defer { state.replies = [] }
            state.waitingPreviews -= state.replies.count(where: \.preview)
            return state.replies
        }
        for (id, slot, bytes, _) in replies {
            // A client that left is gone from the table: its reply is dropped.
            guard let descriptor = clients.first(where: { $0.value.id == id })?.key else {
                continue
            }
            clients[descriptor]?.fill(slot, with: bytes)
        }
    }
}
