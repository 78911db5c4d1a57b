import CCairo
import KioskCore

/// One piece of text as drawn: the string, the box its ink covers and its size, in pixels.
public struct PlacedText: Sendable, Hashable {
    /// The string.
    public var text: String
    /// The ink's bounding box.
    public var bounds: Rect
    /// The font size.
    public var size: Double

    /// Creates a placed text.
    public init(text: String, bounds: Rect, size: Double) {
        self.text = text
        self.bounds = bounds
        self.size = size
    }
}

/// Horizontal alignment of a text in its box.
enum TextAlignment: Sendable {
    case left
    case center
    case right
}

/// Where a fitted text went.
struct TextPlacement {
    /// The ink's bounding box.
    var ink: Rect
    /// The baseline's y.
    var baseline: Double
    /// The size it was drawn at.
    var size: Double
}

/// The measurements of a text at a size.
struct TextMeasure {
    /// How far the pen moves.
    var advance: Double
    /// The ink box relative to the pen position on the baseline.
    var ink: Rect
}

/// A Cairo image surface with its context: where one page is drawn. Records every text it
/// draws, so that layouts can be checked by their text extents.
final class Canvas {
    let width: Int
    let height: Int
    let palette: Palette
    let mode: RenderMode
    private(set) var texts: [PlacedText] = []
    private(set) var splines: [CatmullRomSpline] = []
    private let surface: OpaquePointer
    fileprivate let context: OpaquePointer
    private let fonts: FontLibrary
    private var currentFont: (FontStyle, Double)?

    /// Smallest text size drawn on ordinary screens, in pixels; text that does not fit at
    /// it is shortened with "…".
    static let minimumTextSize = 10.0
    /// Smallest text size drawn on this canvas: `minimumTextSize`, or 7 pixels on the tiny
    /// screens of OLEDs (where 7-pixel DejaVu without anti-aliasing is still legible).
    let minimumTextSize: Double
    /// DejaVu's cap height as a fraction of the font size: centres capitals and digits.
    static let capHeight = 0.729

    /// A blank canvas filled with the palette's background.
    /// - Throws: `RenderingError` when Cairo cannot allocate the surface.
    init(size: PixelSize, palette: Palette, mode: RenderMode, fonts: FontLibrary)
        throws(RenderingError)
    {
        guard
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
        else { throw RenderingError("Cannot allocate a \(size) picture: out of memory.") }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            let context = cairo_create(surface)
        else {
            cairo_surface_destroy(surface)
            throw RenderingError("Cannot allocate a \(size) picture: out of memory.")
        }
        self.width = size.width
        self.height = size.height
        self.minimumTextSize = Metrics.isTiny(size) ? 7 : Self.minimumTextSize
        self.palette = palette
        self.mode = mode
        self.surface = surface
        self.context = context
        self.fonts = fonts
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        if mode == .monochrome {
            // Without grey levels, DejaVu's own hints and whole-pixel advances make the
            // crispest, evenly spaced small letters.
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_NONE)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_FULL)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
            cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE)
        } else {
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        }
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        setColor(palette.background)
        cairo_paint(context)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The whole canvas.
    var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }

    /// The pixels drawn so far.
    func image() -> PixelImage {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let count = width * height
        guard let data = cairo_image_surface_get_data(surface) else {
            return PixelImage(width: width, height: height)
        }
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            let destination = UnsafeMutableRawPointer(buffer.baseAddress!)
            for row in 0..<height {
                (destination + row * width * 4).copyMemory(
                    from: data + row * stride, byteCount: width * 4)
            }
            initialized = count
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    // MARK: Colour and paths

    /// Sets the colour of what is drawn next; in monochrome, black or white by contrast
    /// with the background.
    func setColor(_ color: Color) {
        guard mode == .monochrome else {
            cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
            return
        }
        let backgroundIsDark = palette.background.luminance < 0.5
        let stands = abs(color.luminance - palette.background.luminance) > 0.25
        let white = backgroundIsDark == stands
        let value = white ? 1.0 : 0.0
        cairo_set_source_rgba(context, value, value, value, color.alpha >= 0.5 ? 1 : 0)
    }

    func newPath() { cairo_new_path(context) }
    func move(to point: Point) { cairo_move_to(context, point.x, point.y) }
    func line(to point: Point) { cairo_line_to(context, point.x, point.y) }
    func closePath() { cairo_close_path(context) }

    func curve(to end: Point, control1: Point, control2: Point) {
        cairo_curve_to(context, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
    }

    /// A circle arc from `start` to `end` radians, clockwise on screen.
    func arc(center: Point, radius: Double, start: Double = 0, end: Double = 2 * .pi) {
        cairo_arc(context, center.x, center.y, radius, start, end)
    }

    /// A circle arc from `start` to `end` radians, counter-clockwise on screen.
    func arcNegative(center: Point, radius: Double, start: Double, end: Double) {
        cairo_arc_negative(context, center.x, center.y, radius, start, end)
    }

    func rectangle(_ rect: Rect) {
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    }

    func roundedRectangle(_ rect: Rect, radius: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(context)
        cairo_arc(context, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
        cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(context, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(context, rect.minX + r, rect.minY + r, r, .pi, 1.5 * .pi)
        cairo_close_path(context)
    }

    func circle(_ center: Point, radius: Double) {
        cairo_new_sub_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
        cairo_close_path(context)
    }

    /// Fills the current path and clears it.
    func fill(_ color: Color) {
        setColor(color)
        cairo_fill(context)
    }

    /// Fills the current path with the even-odd rule (holes) and clears it.
    func fillEvenOdd(_ color: Color) {
        setColor(color)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    }

    /// Fills the current path and keeps it.
    func fillPreserving(_ color: Color) {
        setColor(color)
        cairo_fill_preserve(context)
    }

    /// Strokes the current path and clears it.
    func stroke(_ color: Color, width lineWidth: Double, dash: [Double] = []) {
        setColor(color)
        cairo_set_line_width(context, lineWidth)
        if !dash.isEmpty { cairo_set_dash(context, dash, Int32(dash.count), 0) }
        cairo_stroke(context)
        if !dash.isEmpty { cairo_set_dash(context, nil, 0, 0) }
    }

    /// Fills a rectangle.
    func fill(_ rect: Rect, _ color: Color, radius: Double = 0) {
        newPath()
        if radius > 0 { roundedRectangle(rect, radius: radius) } else { rectangle(rect) }
        fill(color)
    }

    /// Runs `body` with the drawing state saved and restored around it.
    func withSavedState(_ body: () -> Void) {
        cairo_save(context)
        body()
        cairo_restore(context)
    }

    /// Limits drawing to `rect` while `body` runs.
    func clipped(to rect: Rect, _ body: () -> Void) {
        cairo_save(context)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(context)
        body()
        cairo_restore(context)
    }

    /// Notes a curve that was drawn, for `RenderedPage.splines`.
    func record(_ spline: CatmullRomSpline) { splines.append(spline) }

    // MARK: Text

    private func useFont(_ style: FontStyle, size: Double) {
        if let current = currentFont, current.0 == style, current.1 == size { return }
        cairo_set_font_face(context, fonts.face(style).face)
        cairo_set_font_size(context, size)
        currentFont = (style, size)
    }

    /// How many times text was measured: fitting must stay within a few measurements per
    /// text, however long the text.
    private(set) var measurements = 0

    /// The advance and ink box of `text` at `size`.
    func measure(_ text: String, style: FontStyle, size: Double) -> TextMeasure {
        measurements += 1
        useFont(style, size: size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return TextMeasure(
            advance: extents.x_advance,
            ink: Rect(
                x: extents.x_bearing, y: extents.y_bearing, width: extents.width,
                height: extents.height))
    }

    /// Draws `text` with its baseline starting at, centred on or ending at `anchor`.
    /// Returns the ink box.
    @discardableResult
    func drawText(
        _ text: String, baseline anchor: Point, style: FontStyle, size: Double, color: Color,
        alignment: TextAlignment = .left
    ) -> Rect {
        let measure = measure(text, style: style, size: size)
        var x = anchor.x
        switch alignment {
        case .left: break
        case .center: x -= measure.advance / 2
        case .right: x -= measure.advance
        }
        setColor(color)
        cairo_move_to(context, x, anchor.y)
        cairo_show_text(context, text)
        cairo_new_path(context)
        let ink = Rect(
            x: x + measure.ink.x, y: anchor.y + measure.ink.y, width: measure.ink.width,
            height: measure.ink.height)
        if !text.allSatisfy(\.isWhitespace) {
            texts.append(PlacedText(text: text, bounds: ink, size: size))
        }
        return ink
    }

    /// The largest size up to `size` at which `text` fits `width` and the cap-centred line
    /// fits `height`; nil when even `minimumTextSize` is too wide.
    func fittingSize(
        _ text: String, style: FontStyle, size: Double, width: Double, height: Double
    ) -> Double? {
        var size = min(size, Self.heightFactor * height)
        guard size >= minimumTextSize else { return nil }
        let advance = measure(text, style: style, size: size).advance
        if advance > width {
            size *= width / advance
            // Hinting may round a glyph up; step down until it fits.
            while size >= minimumTextSize
                && measure(text, style: style, size: size).advance > width
            {
                size *= 0.97
            }
        }
        return size >= minimumTextSize ? size : nil
    }

    /// A line at size s inside a box of height h keeps all ink (accents above capitals,
    /// descenders) inside when s ≤ 0.82 h and the capitals are centred.
    static let heightFactor = 0.82

    /// Draws `text` in `rect`, capitals centred vertically, as large as `size` allows and no
    /// smaller than `minimumTextSize`; shortened with "…" when even that is too wide.
    /// Returns where it went, or nil when nothing fits.
    /// With `shrinking` false the size stays (bounded by the height) and a text that is too
    /// wide is shortened at once: for lines that should all look alike, such as notices.
    @discardableResult
    func drawText(
        _ text: String, in rect: Rect, style: FontStyle, size: Double, color: Color,
        alignment: TextAlignment = .left, shrinking: Bool = true
    ) -> TextPlacement? {
        var shown = text
        let lineSize = min(size, Self.heightFactor * rect.height)
        guard lineSize >= minimumTextSize else { return nil }
        var fitted: Double?
        if shrinking {
            fitted = fittingSize(
                shown, style: style, size: size, width: rect.width, height: rect.height)
        } else if measure(shown, style: style, size: lineSize).advance <= rect.width {
            fitted = lineSize
        }
        if fitted == nil {
            let shortened = shrinking ? minimumTextSize : lineSize
            if let start = longestStart(of: text, style: style, size: shortened, width: rect.width)
            {
                shown = start
                fitted = shortened
            }
        }
        guard let fitted else { return nil }
        let baseline = rect.midY + Self.capHeight * fitted / 2
        let x: Double
        switch alignment {
        case .left: x = rect.minX
        case .center: x = rect.midX
        case .right: x = rect.maxX
        }
        let ink = drawText(
            shown, baseline: Point(x: x, y: baseline), style: style, size: fitted, color: color,
            alignment: alignment)
        return TextPlacement(ink: ink, baseline: baseline, size: fitted)
    }
}

extension String {
    /// The string without trailing spaces.
    var trimmingTrailingSpaces: String {
        var result = self
        while result.last?.isWhitespace == true { result.removeLast() }
        return result
    }
}

extension Canvas {
    /// Runs `body` with drawing limited to everything outside the circle.
    func clippedOutside(circle center: Point, radius: Double, _ body: () -> Void) {
        withSavedState {
            cairo_rectangle(context, 0, 0, Double(width), Double(height))
            cairo_new_sub_path(context)
            cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_clip(context)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
            body()
        }
    }
}
