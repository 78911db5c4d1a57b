import Glibc
import KioskTesting
import Testing

/// `render -o` and the CLI's other writers replace only regular files: a device or a FIFO
/// is written into, a directory refused, a symlinked config kept a link, and a write that
/// fails is an error (exit 1), never data silently lost.
@Suite struct OutputFileTests {
    private func render(to output: String, _ directory: TemporaryDirectory) async -> BinaryResult {
        await KioskBinary.run(
            [
                "render", "--demo", "--page", "city", "--size", "160x96", "-o", output,
                "--config", directory.file("none.toml"),
            ])
    }

    private func type(of path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    @Test func aFIFOReceivesThePNGAndStaysAFIFO() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.file("screen.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Task {
            await onDedicatedThread { () -> [UInt8] in
                let descriptor = open(fifo, O_RDONLY)
                defer { close(descriptor) }
                var received: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count <= 0 { return received }
                    received += buffer[0..<count]
                }
            }
        }
        let result = await render(to: fifo, directory)
        #expect(result.exitCode == 0, "\(result.standardError)")
        let received = await reader.value
        #expect(received.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(received.count > 100)
        #expect(type(of: fifo) == S_IFIFO)
    }

    @Test func devNullStaysACharacterDevice() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let result = await render(to: "/dev/null", directory)
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(type(of: "/dev/null") == S_IFCHR)
    }

    @Test func aDirectoryIsRefused() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.file("pictures")
        #expect(mkdir(target, 0o755) == 0)
        let result = await render(to: target, directory)
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("\(target): it is a directory"))
        #expect(type(of: target) == S_IFDIR)
    }

    @Test func writingIntoDevFullFails() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let result = await render(to: "/dev/full", directory)
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("Cannot write /dev/full"))
        #expect(type(of: "/dev/full") == S_IFCHR)
    }

    @Test func standardOutputOnAFullDeviceFails() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let result = await ExternalProgram.run(
            "/bin/sh",
            [
                "-c", "exec \"$0\" render --demo -o - --config \"$1\" > /dev/full",
                KioskBinary.path, directory.file("none.toml"),
            ])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("Cannot write the PNG to standard output"))
    }

    @Test func aSymlinkedConfigStaysALinkWhenEdited() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(mkdir(directory.file("real"), 0o755) == 0)
        directory.write("real/config.toml", "# kept\n[display]\ncycle_seconds = 15\n")
        let link = directory.file("config.toml")
        #expect(symlink("real/config.toml", link) == 0)
        let result = await KioskBinary.run(
            ["config", "set", "display.cycle_seconds", "30", "--config", link])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(type(of: link) == S_IFLNK)
        #expect(directory.read("real/config.toml") == "# kept\n[display]\ncycle_seconds = 30\n")
    }
}
