public import KioskCore
import Pixels
public import Rendering

/// A pixel display (framebuffer, PNG file, terminal) with pages drawn by Cairo: each page
/// is laid out at the size a viewer sees (a 800×480 panel turned 90° shows a 480×800 page)
/// and turned into the panel's orientation in software before it is shown.
public struct PixelPageDisplay: PageDisplay {
    /// The panel.
    public let display: any Display
    /// How the picture is turned on the panel (`display.rotate`).
    public let rotation: DisplayRotation
    private let renderer: PageRenderer
    private let describeOutput: @Sendable () -> String?

    /// Pages for `display`, turned by `rotation`.
    /// - Parameter output: which output it is and why, for `status` (a DRM connector, the
    ///   choice `display.kind = "auto"` made); asked again for every report.
    /// - Throws: `RenderingError` naming the font file when DejaVu is missing.
    public init(
        _ display: any Display, rotation: DisplayRotation = .upright,
        output: @escaping @Sendable () -> String? = { nil }
    ) throws(RenderingError) {
        self.display = display
        self.rotation = rotation
        self.describeOutput = output
        renderer = try PageRenderer()
    }

    /// Which output the pages go to and why, if the catalog said.
    public var output: String? { describeOutput() }

    /// The panel's capabilities, turned by `rotation`.
    public var capabilities: DisplayCapabilities { display.capabilities.rotated(rotation) }

    /// "800x480": the panel's size, as the kernel reports it.
    public var sizeDescription: String { display.size.description }

    /// The panel's warning.
    public var warning: String? { display.warning }

    /// One: a pixel page fits on the screen at once.
    public func steps(for model: PageModel) -> Int { 1 }

    /// Renders the upright page, turns it onto the panel and shows it.
    /// - Throws: `RenderingError`, or the display's error naming the device or file.
    public func show(_ model: PageModel, step: Int, power: DisplayPower) throws -> PixelImage {
        let page = try renderer.render(model, size: rotation.pageSize(onPanel: display.size)).image
        try display.show(page.rotated(rotation))
        return page
    }

    /// Sets the panel's power.
    /// - Throws: the display's error naming the device.
    public func setPower(_ power: DisplayPower) throws { try display.setPower(power) }

    /// Closes the panel.
    public func close() { display.close() }
}
