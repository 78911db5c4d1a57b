/// A display as the display worker drives it: pages in, a picture of what is shown out.
/// Every kind of display (a pixel screen through Cairo, an LCD or OLED laid out for its
/// size, later an e-paper panel) is one implementation, built in `DisplayCatalog`; the
/// worker talks to all of them through these members alone, never by asking which kind it
/// has.
///
/// The contract:
/// - `show` and `setPower` are called by one owner, in order, on a thread of its own (they
///   may block on the device);
/// - `show` returns the page as a viewer sees it (upright, whatever the rotation), for
///   `screenshot`, `preview` and `display.mirror_png`;
/// - failures throw one sentence naming the device or file; the display stays usable;
/// - `close()` gives the device back and may be called more than once.
public protocol PageDisplay: Sendable {
    /// What the display is and can do, with the rotation it draws at.
    var capabilities: DisplayCapabilities { get }

    /// The size for `status`: "800x480", "20x4 characters", "128x64 pixels".
    var sizeDescription: String { get }

    /// What spoils the frames without stopping them, if anything.
    var warning: String? { get }

    /// Which output the frames go to and why ("DRM: HDMI-A-1 on /dev/dri/card0, …;
    /// display.kind = auto, as …"), for `status`; nil where the kind says it all.
    var output: String? { get }

    /// How many steps `model`'s page takes (a city page on a 16×2 LCD: 3); at least 1.
    func steps(for model: PageModel) -> Int

    /// Lays out step `step` of `model`'s page, puts it on the display, and returns what a
    /// viewer sees.
    /// - Throws: an error naming the device or file when the frame could not be drawn.
    func show(_ model: PageModel, step: Int, power: DisplayPower) async throws -> PixelImage

    /// As `show(_:step:power:)`, with a full refresh (`fullRefresh` true) or a partial one
    /// on a display that tells them apart (an e-paper panel with partial refresh); the
    /// others draw as `show(_:step:power:)` does.
    /// - Throws: an error naming the device or file when the frame could not be drawn.
    func show(_ model: PageModel, step: Int, power: DisplayPower, fullRefresh: Bool)
        async throws -> PixelImage

    /// Turns the display on, dims it or blanks it.
    /// - Throws: an error naming the device when the state could not be changed.
    func setPower(_ power: DisplayPower) async throws

    /// Gives the device back (the framebuffer's console to text mode).
    func close()
}

extension PageDisplay {
    /// Nothing beyond the kind, for displays that need no more.
    public var output: String? { nil }

    /// A refresh is a refresh: drawn as `show(_:step:power:)` draws.
    public func show(_ model: PageModel, step: Int, power: DisplayPower, fullRefresh: Bool)
        async throws -> PixelImage
    {
        try await show(model, step: step, power: power)
    }
}
