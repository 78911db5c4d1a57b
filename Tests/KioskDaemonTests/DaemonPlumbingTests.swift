import FoundationEssentials
import Glibc
import KioskCore
import KioskDaemon
import KioskTesting
import LinuxPlatform
import Testing

@Suite struct ConfigWatcherTests {
    /// Waits for the next change, with a safety-net timeout; returns whether one came.
    private func nextChange(_ watcher: ConfigWatcher) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                var iterator = watcher.changes.makeAsyncIterator()
                return await iterator.next() != nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    @Test func seesEveryWayOfChangingTheFile() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "# one\n")
        let watcher = try ConfigWatcher(path: directory.file("config.toml"))
        defer { watcher.stop() }

        // Our own atomic write: a temporary file renamed over the config.
        try FileSystem.writeAtomically(Array("# two\n".utf8), to: directory.file("config.toml"))
        #expect(await nextChange(watcher))
        // Written in place, as `echo >` or vim with backupcopy=yes does.
        directory.write("config.toml", "# three\n")
        #expect(await nextChange(watcher))
        // Deleted.
        unlink(directory.file("config.toml"))
        #expect(await nextChange(watcher))
        // Created again.
        directory.write("config.toml", "# four\n")
        #expect(await nextChange(watcher))
    }

    @Test func ignoresOtherFilesInTheDirectory() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "# one\n")
        let watcher = try ConfigWatcher(path: directory.file("config.toml"))
        directory.write("notes.txt", "hello")
        directory.write(".config.toml.swp", "vim swap")
        watcher.stop()
        var changes = 0
        for await _ in watcher.changes { changes += 1 }
        #expect(changes == 0)
    }

    @Test func aMissingDirectoryIsAClearError() {
        #expect(throws: DeviceError.self) {
            _ = try ConfigWatcher(path: "/nonexistent-weather-kiosk-dir/config.toml")
        }
    }
}

@Suite struct SystemdNotifierTests {
    @Test func sendsDatagramsToNotifySocket() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notify.sock")
        let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(receiver) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(receiver, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": path])
        #expect(notifier.notify("READY=1\nSTATUS=Showing Rome"))
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = recv(receiver, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        #expect(count > 0)
        #expect(
            String(decoding: buffer[0..<max(0, count)], as: UTF8.self)
                == "READY=1\nSTATUS=Showing Rome")
    }

    @Test func watchdogIntervalIsHalfTheTimeout() {
        #expect(
            SystemdNotifier(environment: ["WATCHDOG_USEC": "20000000"]).watchdogPingInterval == 10)
        #expect(
            SystemdNotifier(environment: ["WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"])
                .watchdogPingInterval == nil)
        #expect(SystemdNotifier(environment: [:]).watchdogPingInterval == nil)
        #expect(!SystemdNotifier(environment: [:]).notify("READY=1"))
    }
}

@Suite struct StateStoreTests {
    @Test func roundTripsAndWritesOnlyChanges() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = StateStore(directory: directory.file("state"))
        #expect(try store.loadState() == nil)
        let rome = City(name: "Rome", coordinate: Coordinate(latitude: 41.9, longitude: 12.5))
        let state = PersistedKioskState(lastCity: rome, lastPage: .hourly, recentCities: [rome])
        try store.save(state)
        var first = stat()
        stat(store.statePath, &first)
        try store.save(state)
        var second = stat()
        stat(store.statePath, &second)
        #expect(first.st_ino == second.st_ino, "an unchanged state is not rewritten")
        #expect(try StateStore(directory: directory.file("state")).loadState() == state)
    }

    @Test func aCorruptFileIsAClearError() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("state.json", "{ not json")
        let error = #expect(throws: FileStoreError.self) {
            try StateStore(directory: directory.path).loadState()
        }
        #expect(error?.path == directory.file("state.json"))
    }
}

@Suite struct SystemdNotifierBlockingTests {
    /// A receiver that stops reading must not freeze the kiosk: sends fail fast instead.
    @Test func aFullNotifySocketNeverBlocks() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notify.sock")
        let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(receiver) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(receiver, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": path])
        // Far more datagrams than a socket queues; with a blocking send this never returns.
        let refused = await onDedicatedThread {
            (0..<5000).filter { !notifier.notify("STATUS=frame \($0)") }.count
        }
        #expect(refused > 0, "the queue filled up and sends were dropped instead of blocking")
    }
}
