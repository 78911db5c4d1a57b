import CLinux
import Glibc
import Threads

/// Lets a DRM screen share the machine with the virtual terminals: the kiosk's VT is put in
/// VT_PROCESS mode, so a switch to another VT (Ctrl+Alt+F2, `chvt 2`) first asks the kiosk
/// with SIGUSR1 and a switch back tells it with SIGUSR2. The signals are written to a pipe
/// by an async-signal-safe handler; a thread of its own sleeps in `poll` on it and calls
/// `onSignal` with each.
final class VTSwitchMonitor: Sendable {
    /// The signal that asks to let go of the screen.
    static let release = SIGUSR1
    /// The signal that says the VT is shown again.
    static let acquire = SIGUSR2

    private let console: Int32
    private let writeEnd: Int32
    private let wake: WakePipe

    /// Puts the VT of `console` (an open descriptor, not owned) in VT_PROCESS mode and
    /// starts the thread; nil when the console is no VT that allows it (a serial console,
    /// no permission) or no pipe or thread can be had: the kiosk then keeps the screen
    /// while another VT is shown, as before.
    init?(console: Int32, card: String, onSignal: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let wake: WakePipe
        do {
            wake = try WakePipe(for: card)
        } catch {
            Glibc.close(readEnd)
            Glibc.close(writeEnd)
            return nil
        }
        guard CLinux_forward_signals(writeEnd, Self.release, Self.acquire) == 0 else {
            wake.close()
            Glibc.close(readEnd)
            Glibc.close(writeEnd)
            return nil
        }
        // VT_SETMODE is made on the monitor's own thread: the kernel signals the thread that
        // made it (its task) and, once that thread has ended, takes the kiosk for gone and
        // switches without asking. The thread says through `started` whether it worked.
        var handshake: [Int32] = [-1, -1]
        guard pipe(&handshake) == 0 else {
            _ = CLinux_forward_signals(-1, Self.release, Self.acquire)
            wake.close()
            Glibc.close(readEnd)
            Glibc.close(writeEnd)
            return nil
        }
        for end in handshake { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let started = handshake[1]
        let status = DedicatedThread.start { [wake] in
            var answer: UInt8 =
                CLinux_vt_process_mode(console, Self.release, Self.acquire) == 0 ? 1 : 0
            _ = retryingInterrupts { write(started, &answer, 1) }
            Glibc.close(started)
            guard answer == 1 else {
                Glibc.close(readEnd)
                return
            }
            Self.run(signals: readEnd, wake: wake, onSignal: onSignal)
        }
        var answer: UInt8 = 0
        if status == 0 {
            _ = retryingInterrupts { read(handshake[0], &answer, 1) }
        } else {
            Glibc.close(started)
            Glibc.close(readEnd)
        }
        Glibc.close(handshake[0])
        guard answer == 1 else {
            _ = CLinux_forward_signals(-1, Self.release, Self.acquire)
            wake.close()
            Glibc.close(writeEnd)
            return nil
        }
        self.console = console
        self.writeEnd = writeEnd
        self.wake = wake
    }

    /// Gives the VT back to the kernel's own switching (VT_AUTO), ignores the two signals
    /// again and ends the thread. Call it before the console descriptor is closed.
    func stop() {
        _ = CLinux_vt_auto_mode(console)
        _ = CLinux_forward_signals(-1, Self.release, Self.acquire)
        Glibc.close(writeEnd)
        wake.signal()
    }

    private static func run(
        signals: Int32, wake: WakePipe, onSignal: @Sendable (Int32) -> Void
    ) {
        defer {
            Glibc.close(signals)
            wake.close()
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            var entries = [
                PollEntry(signals, events: .readable),
                PollEntry(wake.descriptor, events: .readable),
            ]
            switch Poller.wait(&entries, timeout: -1) {
            case .interrupted: continue
            case .failed: return
            case .ready: break
            }
            if !entries[1].returned.isEmpty { return }
            let count = read(signals, &buffer, buffer.count)
            guard count > 0 else { continue }
            for byte in buffer.prefix(count) { onSignal(Int32(byte)) }
        }
    }
}
