import Glibc

/// What a descriptor is waited for, or what `poll` found on it.
public struct PollEvents: OptionSet, Sendable, Hashable {
    /// The `poll` bits.
    public let rawValue: Int16

    /// Events from `poll` bits.
    public init(rawValue: Int16) { self.rawValue = rawValue }

    /// Something to read, or a connection to accept (POLLIN).
    public static let readable = PollEvents(rawValue: Int16(POLLIN))
    /// Room to write (POLLOUT).
    public static let writable = PollEvents(rawValue: Int16(POLLOUT))
    /// The peer hung up (POLLHUP); reported whether asked for or not.
    public static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
    /// An error on the descriptor (POLLERR); reported whether asked for or not.
    public static let error = PollEvents(rawValue: Int16(POLLERR))
}

/// One descriptor to wait on: what it is waited for, and what came.
public struct PollEntry: Sendable, Hashable {
    /// The descriptor.
    public var descriptor: Int32
    /// What to wait for.
    public var events: PollEvents
    /// What `Poller.wait` found; empty before.
    public var returned: PollEvents = []

    /// An entry waiting for `events` on `descriptor`.
    public init(_ descriptor: Int32, events: PollEvents) {
        self.descriptor = descriptor
        self.events = events
    }
}

/// `poll(2)` for a thread of its own (`DedicatedThread`): it blocks.
public enum Poller {
    /// How a wait ended.
    public enum Outcome: Sendable, Hashable {
        /// A descriptor is ready, or the timeout passed (nothing returned then).
        case ready
        /// A signal interrupted the wait; wait again.
        case interrupted
        /// `poll` failed (a programming error such as too many descriptors).
        case failed
    }

    /// Waits until one of `entries` is ready or `timeout` milliseconds pass (-1: no limit),
    /// and fills in each entry's `returned`.
    public static func wait(_ entries: inout [PollEntry], timeout: Int32) -> Outcome {
        var descriptors = entries.map {
            pollfd(fd: $0.descriptor, events: $0.events.rawValue, revents: 0)
        }
        if poll(&descriptors, nfds_t(descriptors.count), timeout) < 0 {
            return errno == EINTR ? .interrupted : .failed
        }
        for index in entries.indices {
            entries[index].returned = PollEvents(rawValue: descriptors[index].revents)
        }
        return .ready
    }
}
