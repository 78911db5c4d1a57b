public import KioskCore
import LinuxPlatform
import Pixels
import Rendering
import Synchronization

/// A PNG file as a `Display` (`display.kind = "png"`): every frame replaces the file
/// atomically, so a reader (a web page, `feh --reload`) never sees half a picture. Frames
/// are not synced to the disk: one every few seconds would wear an SD card for nothing.
/// A picture in the state directory (where the kiosk puts one by default) is written as the
/// state files are, never through a link (`StateDirectory`).
public final class PNGDisplay: Display {
    /// The file written.
    public let path: String
    /// The size pages are rendered at.
    public let size: PixelSize
    /// The state directory, when `path` is in it.
    private let stateDirectory: StateDirectory?
    private let state = Mutex<(power: DisplayPower, lastFrame: PixelImage?)>((.on, nil))

    /// A display that writes `path` at `size`; `stateDirectory` is the kiosk's, for telling
    /// whether the picture is one of its state files.
    public init(path: String, size: PixelSize, stateDirectory: String? = nil) {
        self.path = path
        self.size = size
        self.stateDirectory = stateDirectory.flatMap {
            FileSystem.directory(of: path) == $0 ? StateDirectory($0) : nil
        }
    }

    /// A picture of `size` in 24-bit colour, written whole every time.
    public var capabilities: DisplayCapabilities {
        DisplayCapabilities(
            surface: .pixels(size), colors: .direct(bitsPerPixel: 24, format: "PNG RGB"))
    }

    /// Nothing to give back: every frame is a file of its own.
    public func close() {}

    /// Writes the frame (dimmed while `dim`; kept for later while `off`).
    /// - Throws: `FileSystemError` or `RenderingError` naming the file.
    public func show(_ image: PixelImage) throws {
        let power = state.withLock { state in
            state.lastFrame = image
            return state.power
        }
        switch power {
        case .on: try write(image)
        case .dim: try write(image.dimmed(to: PixelImage.dimBrightness))
        case .off: return
        }
    }

    /// `off` writes a black frame; `on` and `dim` rewrite the last frame.
    /// - Throws: `FileSystemError` or `RenderingError` naming the file.
    public func setPower(_ power: DisplayPower) throws {
        let last = state.withLock { state in
            state.power = power
            return state.lastFrame
        }
        switch power {
        case .off: try write(PixelImage(width: size.width, height: size.height))
        case .dim: if let last { try write(last.dimmed(to: PixelImage.dimBrightness)) }
        case .on: if let last { try write(last) }
        }
    }

    private func write(_ image: PixelImage) throws {
        let bytes: [UInt8]
        do {
            bytes = try PNGCodec.encode(image.fitted(to: size))
        } catch {
            throw RenderingError("Cannot write \(path): \(error.message)")
        }
        if let stateDirectory {
            try stateDirectory.write(bytes, to: FileSystem.fileName(of: path), durable: false)
        } else {
            try FileSystem.writeAtomically(bytes, to: path, durable: false)
        }
    }
}
