/// A point in pixels, y growing downwards.
public struct Point: Sendable, Hashable {
    /// Horizontal position.
    public var x: Double
    /// Vertical position, downwards.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in pixels.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Left edge.
    public var minX: Double { x }
    /// Top edge.
    public var minY: Double { y }
    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// Horizontal centre.
    public var midX: Double { x + width / 2 }
    /// Vertical centre.
    public var midY: Double { y + height / 2 }
    /// The centre.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether the two rectangles share any area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether `other` lies inside this rectangle, allowing `tolerance` pixels.
    public func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance
            && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }

    /// Whether `point` lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x <= maxX && point.y >= y && point.y <= maxY
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The rectangle shrunk by `amount` on every side.
    public func inset(_ amount: Double) -> Rect { insetBy(dx: amount, dy: amount) }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let left = min(x, other.x)
        let top = min(y, other.y)
        return Rect(
            x: left, y: top, width: max(maxX, other.maxX) - left,
            height: max(maxY, other.maxY) - top)
    }

    /// Splits off a slice of `amount` from the top: (slice, rest).
    public func sliceTop(_ amount: Double) -> (Rect, Rect) {
        let height = min(max(0, amount), self.height)
        return (
            Rect(x: x, y: y, width: width, height: height),
            Rect(x: x, y: y + height, width: width, height: self.height - height)
        )
    }

    /// Splits off a slice of `amount` from the bottom: (slice, rest).
    public func sliceBottom(_ amount: Double) -> (Rect, Rect) {
        let height = min(max(0, amount), self.height)
        return (
            Rect(x: x, y: maxY - height, width: width, height: height),
            Rect(x: x, y: y, width: width, height: self.height - height)
        )
    }

    /// Splits off a slice of `amount` from the left: (slice, rest).
    public func sliceLeft(_ amount: Double) -> (Rect, Rect) {
        let width = min(max(0, amount), self.width)
        return (
            Rect(x: x, y: y, width: width, height: height),
            Rect(x: x + width, y: y, width: self.width - width, height: height)
        )
    }

    /// Splits off a slice of `amount` from the right: (slice, rest).
    public func sliceRight(_ amount: Double) -> (Rect, Rect) {
        let width = min(max(0, amount), self.width)
        return (
            Rect(x: maxX - width, y: y, width: width, height: height),
            Rect(x: x, y: y, width: self.width - width, height: height)
        )
    }

    /// `count` equal columns separated by `gap`.
    public func columns(_ count: Int, gap: Double = 0) -> [Rect] {
        guard count > 0 else { return [] }
        let each = max(0, (width - gap * Double(count - 1)) / Double(count))
        return (0..<count).map {
            Rect(x: x + Double($0) * (each + gap), y: y, width: each, height: height)
        }
    }

    /// `count` equal rows separated by `gap`.
    public func rows(_ count: Int, gap: Double = 0) -> [Rect] {
        guard count > 0 else { return [] }
        let each = max(0, (height - gap * Double(count - 1)) / Double(count))
        return (0..<count).map {
            Rect(x: x, y: y + Double($0) * (each + gap), width: width, height: each)
        }
    }

    /// A square of side `min(width, height)` centred in this rectangle.
    public var centeredSquare: Rect {
        let side = min(width, height)
        return Rect(x: midX - side / 2, y: midY - side / 2, width: side, height: side)
    }

    /// "(x, y, width × height)".
    public var description: String {
        "(\(Int(x.rounded())), \(Int(y.rounded())), \(Int(width.rounded()))×\(Int(height.rounded())))"
    }
}

extension Int {
    /// `value` truncated to a whole number; 0 for NaN, and the nearest end of the range for
    /// infinities and huge values. Layout arithmetic on a screen too small for a page can
    /// divide by zero: the page then draws badly, but the kiosk does not crash.
    init(safely value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Int.max) {
            self = .max
        } else if value <= Double(Int.min) {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
