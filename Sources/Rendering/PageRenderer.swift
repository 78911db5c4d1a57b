import FoundationEssentials
public import KioskCore

/// A rendered page: its pixels and where every text went.
public struct RenderedPage: Sendable {
    /// The pixels.
    public var image: PixelImage
    /// Every text drawn, with its ink box, in drawing order.
    public var texts: [PlacedText]
    /// The smooth curves drawn (the hourly temperature), in screen coordinates.
    public var splines: [CatmullRomSpline]
    /// How many times text was measured to draw the page: fitting text costs a handful of
    /// measurements per text, however long the text is.
    public var textMeasurements = 0
}

/// Draws pages with Cairo: a `PageModel` and a screen size in, pixels out.
///
/// Layouts scale with the screen (designed for 800×480 and 480×800, checked from 320×240 to
/// 1920×1080); every text is fitted to its box, so nothing is clipped or overlaps at any
/// size. Safe to use from several threads at once.
public struct PageRenderer: Sendable {
    private let fonts: FontLibrary

    /// A renderer with the DejaVu fonts.
    /// - Throws: `RenderingError` naming the font file when `fonts-dejavu-core` is missing.
    public init() throws(RenderingError) {
        fonts = try FontLibrary.shared.get()
    }

    /// How many steps `model`'s page takes at `size`: 1, except on OLED-sized screens
    /// (under 160×120), where a 128×32 shows the city and indoor pages in two steps and the
    /// favourites take a step per four (two) cities.
    public func steps(for model: PageModel, size: PixelSize) -> Int {
        Metrics.isTiny(size) ? PageContext.tinySteps(model, size: size) : 1
    }

    /// Draws `model` at `size`.
    /// - Parameters:
    ///   - model: what the page shows.
    ///   - size: the screen size, at least 16×16; under 160×120 the compact layouts for
    ///     128×64 and 128×32 OLEDs are used.
    ///   - mode: colour, or black and white for 1-bit displays.
    ///   - step: which step of a page that takes several (`steps(for:size:)`), 0-based.
    ///   - palette: the colours; nil takes the model's theme's.
    /// - Throws: `RenderingError` when the picture cannot be allocated.
    public func render(
        _ model: PageModel, size: PixelSize, mode: RenderMode = .color, step: Int = 0,
        palette: Palette? = nil
    ) throws(RenderingError) -> RenderedPage {
        guard PixelSize.acceptedRange.contains(size.width),
            PixelSize.acceptedRange.contains(size.height)
        else {
            throw RenderingError(
                "Cannot draw a \(size) page: width and height must be from 16 to 8192 pixels.")
        }
        let canvas = try Canvas(
            size: size, palette: palette ?? Palette.forTheme(model.theme), mode: mode,
            fonts: fonts)
        let page = PageContext(canvas: canvas, model: model)
        if Metrics.isTiny(size) {
            page.drawTinyPage(step: step)
            return RenderedPage(
                image: canvas.image(), texts: canvas.texts, splines: canvas.splines,
                textMeasurements: canvas.measurements)
        }
        switch model.page {
        case .city: page.drawCityPage()
        case .hourly: page.drawHourlyPage()
        case .indoor: page.drawIndoorPage()
        case .map: page.drawMapPage()
        case .sky: page.drawSkyPage()
        case .air: page.drawAirPage()
        case .dashboard: page.drawDashboardPage()
        case .empty: page.drawEmptyPage()
        case .warning: page.drawWarningPage()
        }
        return RenderedPage(
            image: canvas.image(), texts: canvas.texts, splines: canvas.splines,
            textMeasurements: canvas.measurements)
    }

    /// The page as a 1-bit OLED bitmap: drawn in the monochrome mode with the dark theme
    /// (light letters on a dark panel: an OLED lights only what it shows) and packed into
    /// pages of eight rows, bit 0 on top.
    /// - Throws: `RenderingError` when the picture cannot be allocated or the height is not
    ///   a multiple of 8.
    public func renderBitmap(_ model: PageModel, size: PixelSize, step: Int = 0)
        throws(RenderingError) -> MonochromeBitmap
    {
        guard size.height % 8 == 0 else {
            throw RenderingError(
                "Cannot draw a \(size) bitmap: an OLED's height is a multiple of 8 pixels.")
        }
        var dark = model
        dark.theme = .dark
        return MonochromeBitmap(try render(dark, size: size, mode: .monochrome, step: step).image)
    }

    /// One weather icon alone on the theme's background, `side` pixels square, drawn inside
    /// a margin of a sixteenth of the side.
    /// - Throws: `RenderingError` when the picture cannot be allocated.
    public func renderIcon(
        _ icon: WeatherIcon, isDay: Bool, side: Int, theme: Theme = .dark,
        mode: RenderMode = .color
    ) throws(RenderingError) -> PixelImage {
        let canvas = try Canvas(
            size: PixelSize(width: side, height: side), palette: Palette.forTheme(theme),
            mode: mode, fonts: fonts)
        let margin = Double(side) / 16
        WeatherIconPainter(
            canvas: canvas, box: canvas.bounds.inset(margin), backdrop: canvas.palette.background
        ).draw(icon, isDay: isDay)
        return canvas.image()
    }
}

/// What every page drawing needs: the canvas, the model, the sizes and the formatter.
struct PageContext {
    let canvas: Canvas
    let model: PageModel
    let metrics: Metrics
    let values: ValueText

    init(canvas: Canvas, model: PageModel) {
        self.canvas = canvas
        self.model = model
        self.metrics = Metrics(size: PixelSize(width: canvas.width, height: canvas.height))
        self.values = ValueText(units: model.units, language: model.language)
    }

    var palette: Palette { canvas.palette }
    /// The language the page speaks.
    var language: Language { model.language }

    /// "Sun 15:05": the weekday and the clock of `local`, in the page's language.
    func weekdayClock(_ local: LocalDateTime) -> String {
        local.date.weekdayName(.abbreviated, language: language) + " "
            + local.clockText(model.units.clock, language: language)
    }

    /// The kiosk's own weekday and clock now ("Sun 15:05"), for pages of no one place.
    var kioskClock: String {
        weekdayClock(LocalDateTime(model.now, utcOffsetSeconds: model.kioskUTCOffsetSeconds))
    }

    /// What `code` means in the page's language by day or by night; "–" without one.
    func condition(_ code: WeatherCode?, isDay: Bool) -> String {
        code?.condition(isDay: isDay, language: language) ?? "–"
    }

    /// The wait until `time` ("45 s", "2 min"); nil when it is due now.
    func wait(until time: Date) -> String? {
        let seconds = time.timeIntervalSince(model.now)
        guard seconds.isFinite, seconds > 0 else { return nil }
        return WeatherFormat.countdown(seconds, language: language)
    }
}
