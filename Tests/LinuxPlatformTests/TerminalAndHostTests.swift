import Glibc
import KioskCore
import KioskTesting
import LinuxPlatform
import Pixels
import Testing

/// The terminal display and the host's name and addresses.
@Suite struct TerminalAndHostTests {
    /// Everything written to the pipe's write end until it is closed.
    static func drain(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func framesGoToTheTerminalAsHalfBlocks() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let reader = ends[0]
        let collected = Task.detached { await onDedicatedThread { Self.drain(reader) } }
        let display = TerminalDisplay(
            descriptor: ends[1], size: PixelSize(width: 160, height: 96), colors: .trueColor)
        // Not a terminal: 80×24 cells, the frame drawn in 23 rows.
        #expect(display.cells() == (80, 24))
        try display.show(PixelImage(width: 160, height: 96, filledWith: 0xFF20_4060))
        try display.setPower(.off)
        try display.show(PixelImage(width: 160, height: 96, filledWith: 0xFFFF_FFFF))
        close(ends[1])
        let text = await collected.value
        close(reader)
        #expect(text.hasPrefix("\u{1B}[H\u{1B}[38;2;32;64;96m\u{1B}[48;2;32;64;96m▀"))
        #expect(text.filter { $0 == "\n" }.count == 23)
        #expect(text.hasSuffix("\u{1B}[0m\n\u{1B}[0m\u{1B}[2J\u{1B}[H"))
        #expect(!text.contains("255;255;255"))
    }

    @Test func aTerminalThatCannotBeWrittenIsAnError() throws {
        // /dev/full fails every write; a closed descriptor's number could already belong
        // to another test's file by the time of the write.
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let display = TerminalDisplay(descriptor: full, colors: .palette256)
        #expect {
            try display.show(PixelImage(width: 8, height: 8))
        } throws: { error in
            "\(error)".hasPrefix("Cannot write to the terminal: no space left on device")
        }
    }

    /// A terminal whose window closed (its pseudo-terminal's other end gone): a frame drawn
    /// while the kiosk stops for the hang-up is dropped without an error in the log.
    @Test func aTerminalThatHungUpTakesFramesSilently() throws {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(ioctl(master, UInt(0x4004_5431), &unlock) == 0)  // TIOCSPTLCK
        try #require(ioctl(master, UInt(0x8004_5430), &number) == 0)  // TIOCGPTN
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(terminal >= 0)
        defer { close(terminal) }
        let display = TerminalDisplay(descriptor: terminal, colors: .palette256)
        try display.show(PixelImage(width: 8, height: 8))
        close(master)
        #expect(CurrentProcess.hasHungUp(terminal))
        try display.show(PixelImage(width: 8, height: 8))
        try display.setPower(.off)
    }

    @Test func theHostHasANameAndNoLoopbackAddresses() {
        let host = HostIdentity.current()
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, 255)
        let name = String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(host.name == name)
        #expect(!host.name.isEmpty)
        #expect(!host.addresses.contains("127.0.0.1"))
        #expect(!host.addresses.contains("::1"))
        #expect(!host.addresses.contains { $0.lowercased().hasPrefix("fe80:") })
        // IPv4 addresses come first.
        if let firstVersion6 = host.addresses.firstIndex(where: { $0.contains(":") }) {
            #expect(host.addresses[firstVersion6...].allSatisfy { $0.contains(":") })
        }
        #expect(Set(host.addresses).count == host.addresses.count)
    }
}

/// The daemon's stop signals mean "stop" from its first moment, whatever the parent left.
@Suite struct StopSignalTests {
    @Test func stopOnInterruptUndoesAnInheritedIgnore() {
        for number in [SIGINT, SIGTERM] {
            var original = sigaction()
            sigaction(number, nil, &original)
            defer { sigaction(number, &original, nil) }
            signal(number, SIG_IGN)
            CurrentProcess.stopOnInterrupt()
            var now = sigaction()
            sigaction(number, nil, &now)
            let handler = unsafeBitCast(now.__sigaction_handler.sa_handler, to: Int.self)
            #expect(handler == unsafeBitCast(SIG_DFL, to: Int.self), "signal \(number)")
        }
    }
}
