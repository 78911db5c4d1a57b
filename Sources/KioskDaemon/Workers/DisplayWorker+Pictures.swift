import KioskCore
import Pixels
import Rendering

extension DisplayWorker {
    /// The last frame as PNG, encoded on the display's thread.
    public func pngOfLastFrame() -> (png: [UInt8], width: Int, height: Int, frame: Int)? {
        guard let (frame, image) = lastFrame() else { return nil }
        do {
            return (try PNGCodec.encode(image), image.width, image.height, frame)
        } catch {
            return nil
        }
    }

    /// The newest frame after `after` (waiting up to 25 s for one) as terminal text.
    public func ansiFrame(after: Int, columns: Int, rows: Int, trueColor: Bool) async -> (
        frame: Int, text: String
    )? {
        guard let (frame, image) = await self.frame(after: after, timeout: 25) else { return nil }
        let text = ANSIImage.render(
            image, columns: columns, rows: rows, colors: trueColor ? .trueColor : .palette256)
        return (frame, text)
    }
}
