import Glibc
import KioskCore
import KioskTesting
import Pixels
import Rendering
import Testing

@testable import LinuxPlatform

/// The framebuffer display against a plain file posing as the device memory.
@Suite struct FramebufferDisplayTests {
    /// A file of `count` bytes, each `fill`.
    static func makeFile(_ directory: TemporaryDirectory, count: Int, fill: UInt8 = 0xAA) -> String
    {
        let path = directory.file("fb")
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let bytes = [UInt8](repeating: fill, count: count)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return path
    }

    static func contents(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { return result }
            result += buffer[0..<count]
        }
    }

    static func overwrite(_ path: String, at offset: Int, with bytes: [UInt8]) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        close(descriptor)
    }

    /// A 3×2 picture: red, green, blue / white, black, 0x804020.
    static let picture = PixelImage(
        width: 3, height: 2,
        pixels: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF, 0xFF00_0000, 0xFF80_4020])

    @Test func rgb565WithPaddingGetsExactlyTheRightBytes() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        // line_length 10: six bytes of pixels and four of padding per row.
        let geometry = FramebufferGeometry(width: 3, height: 2, lineLength: 10, format: .rgb565)
        let path = Self.makeFile(directory, count: 20)
        let display = try FramebufferDisplay.open(file: path, geometry: geometry)
        #expect(display.size == PixelSize(width: 3, height: 2))
        try display.show(Self.picture)
        display.close()
        #expect(
            Self.contents(path) == [
                0x00, 0xF8, 0xE0, 0x07, 0x1F, 0x00, 0xAA, 0xAA, 0xAA, 0xAA,
                0xFF, 0xFF, 0x00, 0x00, 0x04, 0x82, 0xAA, 0xAA, 0xAA, 0xAA,
            ])
    }

    @Test func xbgr8888WithPanningOffsetsWritesTheVisibleArea() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        // A virtual screen 4 pixels wide (16-byte lines); the visible 3×2 starts at (1, 1).
        let geometry = FramebufferGeometry(
            width: 3, height: 2, lineLength: 16, format: .xbgr8888, xOffset: 1, yOffset: 1)
        let path = Self.makeFile(directory, count: 48, fill: 0x11)
        let display = try FramebufferDisplay.open(file: path, geometry: geometry)
        try display.show(Self.picture)
        display.close()
        let bytes = Self.contents(path)
        let untouched = [UInt8](repeating: 0x11, count: 4)
        #expect(Array(bytes[0..<16]) == [UInt8](repeating: 0x11, count: 16))
        #expect(Array(bytes[16..<20]) == untouched)
        #expect(
            Array(bytes[20..<32]) == [
                0xFF, 0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00, 0xFF, 0x00, 0x00, 0xFF, 0xFF,
            ])
        #expect(Array(bytes[32..<36]) == untouched)
        #expect(
            Array(bytes[36..<48]) == [
                0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0xFF, 0x80, 0x40, 0x20, 0xFF,
            ])
    }

    @Test func onlyRowsThatChangedAreCopied() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let geometry = FramebufferGeometry(width: 3, height: 2, lineLength: 6, format: .rgb565)
        let path = Self.makeFile(directory, count: 12)
        let display = try FramebufferDisplay.open(file: path, geometry: geometry)
        try display.show(Self.picture)
        // Someone scribbles over both rows behind the display's back ...
        Self.overwrite(path, at: 0, with: [UInt8](repeating: 0x55, count: 12))
        // ... and the next frame changes only the second row: the first is not rewritten.
        var next = Self.picture
        next[x: 0, y: 1] = 0xFF00_0000
        try display.show(next)
        let bytes = Self.contents(path)
        #expect(Array(bytes[0..<6]) == [UInt8](repeating: 0x55, count: 6))
        #expect(Array(bytes[6..<12]) == [0x00, 0x00, 0x00, 0x00, 0x04, 0x82])
        // The same frame again writes nothing at all.
        Self.overwrite(path, at: 6, with: [1, 2, 3, 4, 5, 6])
        try display.show(next)
        #expect(Array(Self.contents(path)[6..<12]) == [1, 2, 3, 4, 5, 6])
    }

    @Test func offPaintsBlackWhereTheDriverCannotBlankAndOnRestoresTheFrame() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let geometry = FramebufferGeometry(width: 3, height: 2, lineLength: 9, format: .rgb888)
        let path = Self.makeFile(directory, count: 18)
        let display = try FramebufferDisplay.open(file: path, geometry: geometry)
        try display.show(Self.picture)
        let shown = Self.contents(path)
        try display.setPower(.off)
        #expect(Self.contents(path) == [UInt8](repeating: 0, count: 18))
        // A frame shown while off waits for the display to come back.
        var next = Self.picture
        next[x: 1, y: 0] = 0xFFFF_FFFF
        try display.show(next)
        #expect(Self.contents(path) == [UInt8](repeating: 0, count: 18))
        try display.setPower(.on)
        var expected = shown
        expected[3...5] = [0xFF, 0xFF, 0xFF]
        #expect(Self.contents(path) == expected)
        try display.setPower(.dim)
        let dimmed = Self.contents(path)
        #expect(dimmed[3...5] == [0x4B, 0x4B, 0x4B])  // 255 × 76 / 256 (0.3 in 8 bits)
        display.close()
    }

    @Test func aWholePageConvertsLikeTheConverter() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let page = try PageRenderer().render(
            DemoData.model(page: .city), size: PixelSize(width: 320, height: 240)
        ).image
        let geometry = FramebufferGeometry(
            width: 320, height: 240, lineLength: 704, format: .rgb565)
        let path = Self.makeFile(directory, count: 704 * 240)
        let display = try FramebufferDisplay.open(file: path, geometry: geometry)
        try display.show(page)
        display.close()
        let bytes = Self.contents(path)
        let expected = PixelConverter(format: .rgb565).convert(page)
        for row in 0..<240 {
            #expect(
                Array(bytes[(row * 704)..<(row * 704 + 640)])
                    == Array(expected[(row * 640)..<(row * 640 + 640)]))
            #expect(bytes[(row * 704 + 640)..<(row * 704 + 704)].allSatisfy { $0 == 0xAA })
        }
    }

    @Test func aFileTooSmallForTheGeometryIsRefused() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = Self.makeFile(directory, count: 100)
        let geometry = FramebufferGeometry(
            width: 800, height: 480, lineLength: 1600, format: .rgb565)
        #expect {
            try FramebufferDisplay.open(file: path, geometry: geometry)
        } throws: { error in
            "\(error)"
                == "Cannot use \(path) as a framebuffer: it is 100 bytes, 800x480 RGB565, line_length 1600 needs 768000."
        }
    }

    @Test func aLineLengthShorterThanARowIsRefused() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = Self.makeFile(directory, count: 100)
        let geometry = FramebufferGeometry(width: 10, height: 2, lineLength: 16, format: .rgb565)
        #expect {
            try FramebufferDisplay.open(file: path, geometry: geometry)
        } throws: { error in
            "\(error)".contains("line_length 16 is shorter than a row of 10 pixels at 16 bits")
        }
    }

    @Test func aMissingDeviceSaysWhatToCheck() {
        #expect {
            try FramebufferDisplay.open(device: "/dev/fb-weather-kiosk-test", console: nil)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(
                "Cannot open /dev/fb-weather-kiosk-test: no such file or directory; is the display connected"
            )
                && text.contains("ls /dev/fb*")
        }
    }

    @Test func aFileThatIsNoFramebufferIsRefusedByTheIoctl() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = Self.makeFile(directory, count: 100)
        #expect {
            try FramebufferDisplay.open(device: path, console: nil)
        } throws: { error in
            "\(error)".hasPrefix(
                "Cannot read the screen information of \(path): inappropriate ioctl for device; is it a framebuffer device"
            )
        }
    }

    @Test func permissionProblemsPointAtTheVideoGroup() {
        let error = FramebufferGeometry.openError(device: "/dev/fb0", errorNumber: EACCES)
        #expect(
            error.message
                == "Cannot open /dev/fb0: permission denied; add the user to the group video (`sudo usermod -aG video $USER`) and log in again."
        )
    }

    @Test(arguments: [1, 8, 12])
    func unsupportedDepthsAreNamed(_ depth: Int) {
        let error = FramebufferGeometry.unsupported(device: "/dev/fb0", depth: depth)
        #expect(
            error.message.hasPrefix(
                "Cannot draw on /dev/fb0: its \(depth)-bit pixel format is not supported"))
        #expect(error.message.contains("fbset -depth 16"))
    }

    @Test func aClosedDisplayRefusesFrames() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = Self.makeFile(directory, count: 12)
        let display = try FramebufferDisplay.open(
            file: path,
            geometry: FramebufferGeometry(width: 3, height: 2, lineLength: 6, format: .rgb565))
        display.close()
        display.close()
        #expect(throws: DeviceError.self) { try display.show(Self.picture) }
    }
}
