import KioskCore

/// Weather icons as Cairo drawings, one for every WMO group, with night variants: vector
/// paths in a unit square scaled to any size, so they stay crisp from 16 to 400 pixels.
struct WeatherIconPainter {
    let canvas: Canvas
    /// The square the icon fills.
    let box: Rect
    /// What the icon is drawn on: the halo between overlapping shapes takes this colour.
    let backdrop: Color

    private var palette: Palette { canvas.palette }
    private var side: Double { box.width }

    /// A point of the unit square.
    private func p(_ x: Double, _ y: Double) -> Point {
        Point(x: box.x + x * side, y: box.y + y * side)
    }

    /// Draws `icon`; clear, mainly clear, partly cloudy and the showers draw a moon instead
    /// of the sun when `isDay` is false.
    func draw(_ icon: WeatherIcon, isDay: Bool) {
        switch icon {
        case .clear:
            if isDay { sun(p(0.5, 0.5), 0.24) } else { moon(p(0.5, 0.5), 0.32) }
        case .mainlyClear:
            if isDay { sun(p(0.42, 0.42), 0.2) } else { moon(p(0.42, 0.42), 0.27) }
            cloud(x: 0.36, y: 0.5, width: 0.62, color: palette.cloud)
        case .partlyCloudy:
            if isDay { sun(p(0.36, 0.34), 0.18) } else { moon(p(0.36, 0.34), 0.24) }
            cloud(x: 0.12, y: 0.3, width: 0.84, color: palette.cloud)
        case .overcast:
            cloud(x: 0.3, y: 0.12, width: 0.66, color: palette.darkCloud)
            cloud(x: 0.04, y: 0.32, width: 0.8, color: palette.cloud)
        case .fog:
            cloud(x: 0.12, y: 0.06, width: 0.76, color: palette.cloud)
            fogLines()
        case .drizzle:
            cloud(x: 0.08, y: 0.1, width: 0.84, color: palette.cloud)
            drops(length: 0.08, color: palette.rain)
        case .freezingDrizzle:
            cloud(x: 0.08, y: 0.1, width: 0.84, color: palette.cloud)
            drops(length: 0.08, color: palette.rain, skipMiddle: true)
            flake(p(0.5, 0.83), 0.09)
        case .rain:
            cloud(x: 0.08, y: 0.1, width: 0.84, color: palette.cloud)
            drops(length: 0.2, color: palette.rain)
        case .freezingRain:
            cloud(x: 0.08, y: 0.1, width: 0.84, color: palette.cloud)
            drops(length: 0.2, color: palette.rain, skipMiddle: true)
            flake(p(0.5, 0.83), 0.1)
        case .snow:
            cloud(x: 0.08, y: 0.1, width: 0.84, color: palette.cloud)
            flake(p(0.3, 0.8), 0.1)
            flake(p(0.52, 0.88), 0.1)
            flake(p(0.74, 0.8), 0.1)
        case .snowGrains:
            cloud(x: 0.08, y: 0.1, width: 0.84, color: palette.cloud)
            grains()
        case .showers:
            showerBackdrop(isDay: isDay)
            drops(length: 0.18, color: palette.rain, offset: -0.06)
        case .snowShowers:
            showerBackdrop(isDay: isDay)
            flake(p(0.28, 0.84), 0.09)
            flake(p(0.52, 0.84), 0.09)
        case .thunderstorm:
            cloud(x: 0.08, y: 0.08, width: 0.84, color: palette.darkCloud)
            bolt()
            drops(length: 0.12, color: palette.rain, only: [0, 2])
        case .thunderstormHail:
            cloud(x: 0.08, y: 0.08, width: 0.84, color: palette.darkCloud)
            bolt()
            hail()
        case .unknown:
            // A silhouette: there is no code to draw.
            cloud(x: 0.08, y: 0.2, width: 0.84, color: palette.faint)
        }
    }

    // MARK: Parts

    private func sun(_ center: Point, _ radius: Double) {
        let r = radius * side
        canvas.newPath()
        for ray in 0..<8 {
            let angle = Double(ray) * .pi / 4
            let inner = r * 1.4
            let outer = r * 1.85
            canvas.move(
                to: Point(x: center.x + inner * cosine(angle), y: center.y + inner * sine(angle)))
            canvas.line(
                to: Point(x: center.x + outer * cosine(angle), y: center.y + outer * sine(angle)))
        }
        canvas.stroke(palette.sun, width: max(1, r * 0.28))
        canvas.newPath()
        canvas.circle(center, radius: r)
        canvas.fill(palette.sun)
    }

    private func moon(_ center: Point, _ radius: Double) {
        let r = radius * side
        let bite = Point(x: center.x + r * 0.5, y: center.y - r * 0.38)
        canvas.clippedOutside(circle: bite, radius: r * 0.82) {
            canvas.newPath()
            canvas.circle(center, radius: r)
            canvas.fill(palette.moon)
        }
    }

    /// The outline of a cloud whose box starts at (x, y) and is `width` wide, 0.6 × width
    /// tall, all in unit-square coordinates.
    private func cloudPath(x: Double, y: Double, width w: Double) {
        canvas.circle(p(x + 0.25 * w, y + 0.42 * w), radius: 0.18 * w * side)
        canvas.circle(p(x + 0.5 * w, y + 0.3 * w), radius: 0.27 * w * side)
        canvas.circle(p(x + 0.76 * w, y + 0.4 * w), radius: 0.2 * w * side)
        let base = Rect(
            x: box.x + (x + 0.25 * w) * side, y: box.y + (y + 0.4 * w) * side,
            width: 0.51 * w * side, height: 0.2 * w * side)
        canvas.rectangle(base)
    }

    private func cloud(x: Double, y: Double, width: Double, color: Color) {
        canvas.newPath()
        cloudPath(x: x, y: y, width: width)
        canvas.stroke(backdrop, width: 0.07 * side)
        canvas.newPath()
        cloudPath(x: x, y: y, width: width)
        canvas.fill(color)
    }

    private func showerBackdrop(isDay: Bool) {
        if isDay { sun(p(0.68, 0.28), 0.15) } else { moon(p(0.68, 0.28), 0.2) }
        cloud(x: 0.04, y: 0.2, width: 0.78, color: palette.cloud)
    }

    /// Slanted drops under a cloud in three columns.
    private func drops(
        length: Double, color: Color, offset: Double = 0, skipMiddle: Bool = false,
        only: Set<Int> = [0, 1, 2]
    ) {
        canvas.newPath()
        for column in 0..<3 where only.contains(column) && !(skipMiddle && column == 1) {
            let x = 0.3 + Double(column) * 0.2 + offset
            let top = 0.7 + (column == 1 ? 0.05 : 0)
            canvas.move(to: p(x + 0.03, top))
            canvas.line(to: p(x - 0.03 * length / 0.1, top + length))
        }
        canvas.stroke(color, width: 0.06 * side)
    }

    /// A six-armed snowflake.
    private func flake(_ center: Point, _ radius: Double) {
        let r = radius * side
        canvas.newPath()
        for arm in 0..<3 {
            let angle = Double(arm) * .pi / 3 + .pi / 2
            canvas.move(to: Point(x: center.x - r * cosine(angle), y: center.y - r * sine(angle)))
            canvas.line(to: Point(x: center.x + r * cosine(angle), y: center.y + r * sine(angle)))
        }
        canvas.stroke(palette.snow, width: max(1, 0.035 * side))
    }

    private func grains() {
        let spots = [(0.3, 0.76), (0.5, 0.72), (0.7, 0.76), (0.4, 0.9), (0.6, 0.9)]
        for (x, y) in spots {
            canvas.newPath()
            let r = 0.04
            canvas.move(to: p(x, y - r))
            canvas.line(to: p(x + r, y))
            canvas.line(to: p(x, y + r))
            canvas.line(to: p(x - r, y))
            canvas.closePath()
            canvas.fill(palette.snow)
        }
    }

    private func hail() {
        for (x, y) in [(0.28, 0.8), (0.72, 0.8), (0.36, 0.94), (0.64, 0.94)] {
            canvas.newPath()
            canvas.circle(p(x, y), radius: 0.045 * side)
            canvas.fill(palette.snow)
        }
    }

    private func bolt() {
        let points = [
            (0.54, 0.5), (0.38, 0.76), (0.49, 0.76), (0.42, 0.98), (0.64, 0.68), (0.53, 0.68),
            (0.62, 0.5),
        ]
        canvas.newPath()
        canvas.move(to: p(points[0].0, points[0].1))
        for point in points.dropFirst() { canvas.line(to: p(point.0, point.1)) }
        canvas.closePath()
        canvas.fill(palette.lightning)
    }

    private func fogLines() {
        canvas.newPath()
        for (index, y) in [0.66, 0.78, 0.9].enumerated() {
            let inset = index == 1 ? 0.06 : 0.14
            canvas.move(to: p(inset, y))
            canvas.line(to: p(1 - inset, y))
        }
        canvas.stroke(palette.darkCloud, width: 0.06 * side)
    }
}

/// The shape of a precipitation drop, for "20 %" labels.
extension Canvas {
    func drop(in rect: Rect, color: Color) {
        let side = min(rect.width, rect.height)
        let center = Point(x: rect.midX, y: rect.midY + side * 0.14)
        let radius = side * 0.32
        newPath()
        move(to: Point(x: center.x, y: center.y - side * 0.5))
        curve(
            to: Point(x: center.x + radius, y: center.y),
            control1: Point(x: center.x + radius * 0.3, y: center.y - side * 0.3),
            control2: Point(x: center.x + radius, y: center.y - side * 0.12))
        arc(center: center, radius: radius, start: 0, end: .pi)
        curve(
            to: Point(x: center.x, y: center.y - side * 0.5),
            control1: Point(x: center.x - radius, y: center.y - side * 0.12),
            control2: Point(x: center.x - radius * 0.3, y: center.y - side * 0.3))
        closePath()
        fill(color)
    }
}
