/// The coast lines of Natural Earth's 110 m land (public domain), decoded once from the
/// generated source `LandOutline+Data.swift`.
enum LandOutline {
    /// One ring: an outer coast line or a lake's shore.
    struct Ring: Sendable {
        /// Longitudes, degrees east.
        var longitudes: [Float]
        /// Latitudes, degrees north.
        var latitudes: [Float]
        /// The smallest and largest longitude.
        var longitudeRange: ClosedRange<Float>
        /// The smallest and largest latitude.
        var latitudeRange: ClosedRange<Float>
    }

    /// Every ring.
    static let rings: [Ring] = decode(encoded)

    /// Parses the generated text: numbers in hundredths of a degree, rings ended by ";".
    static func decode(_ text: String) -> [Ring] {
        var rings: [Ring] = []
        var numbers: [Float] = []
        var value = 0
        var negative = false
        var inNumber = false
        func endNumber() {
            guard inNumber else { return }
            numbers.append(Float(negative ? -value : value) / 100)
            value = 0
            negative = false
            inNumber = false
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"):
                negative = true
                inNumber = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                inNumber = true
            case UInt8(ascii: ";"):
                endNumber()
                if numbers.count >= 6 {
                    let longitudes = stride(from: 0, to: numbers.count - 1, by: 2).map {
                        numbers[$0]
                    }
                    let latitudes = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
                    rings.append(
                        Ring(
                            longitudes: longitudes, latitudes: latitudes,
                            longitudeRange: longitudes.min()!...longitudes.max()!,
                            latitudeRange: latitudes.min()!...latitudes.max()!))
                }
                numbers.removeAll(keepingCapacity: true)
            default:
                endNumber()
            }
        }
        return rings
    }
}
