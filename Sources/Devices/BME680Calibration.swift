// The BME680/BME688's calibration and Bosch's floating-point formulas (BME680 datasheet
// section 3.3 and 3.4, BME688 datasheet section 3.5; the same as Bosch's BME68x Sensor API
// v4.4 without BME68X_DO_NOT_USE_FPU): pure functions shared by the driver and the
// simulated chip.

/// Which of the two chips with id 0x61 answered (variant_id, register 0xF0).
public enum BME680Variant: String, Sendable, Hashable, Codable {
    /// BME680 (variant 0x00): the "low" gas-resistance formula, gas data at 0x2A.
    case bme680 = "BME680"
    /// BME688 (variant 0x01): the "high" gas-resistance formula, gas data at 0x2C.
    case bme688 = "BME688"

    /// The variant of a variant_id value: 0x01 BME688, anything else BME680.
    public init(variantID: UInt8) { self = variantID == 0x01 ? .bme688 : .bme680 }
}

/// The calibration parameters of a BME680/BME688: 23 bytes at 0x8A…0xA0, 14 at
/// 0xE1…0xEE and 5 at 0x00…0x04, named as in Bosch's API.
public struct BME680Calibration: Sendable, Hashable, Codable {
    /// par_t1 (u16), par_t2 (s16), par_t3 (s8).
    public var t1, t2, t3: Int
    /// par_p1 (u16), par_p2 (s16), par_p3 (s8), par_p4 (s16), par_p5 (s16), par_p6 (s8),
    /// par_p7 (s8), par_p8 (s16), par_p9 (s16), par_p10 (u8).
    public var p1, p2, p3, p4, p5, p6, p7, p8, p9, p10: Int
    /// par_h1 (u12), par_h2 (u12), par_h3…par_h5 (s8), par_h6 (u8), par_h7 (s8).
    public var h1, h2, h3, h4, h5, h6, h7: Int
    /// par_gh1 (s8), par_gh2 (s16), par_gh3 (s8): the heater's.
    public var gh1, gh2, gh3: Int
    /// res_heat_range (2 bits), res_heat_val (s8), range_sw_err (s4).
    public var resHeatRange, resHeatValue, rangeSwitchingError: Int

    /// The register blocks: (first register, length).
    public static let blocks: [(register: UInt8, count: Int)] = [
        (0x8A, 23), (0xE1, 14), (0x00, 5),
    ]

    /// Parses the 42 bytes of the three blocks, in `blocks` order.
    /// - Precondition: 42 bytes (a programmer error otherwise).
    public init(bytes b: [UInt8]) {
        precondition(b.count == 42)
        func u16(_ lsb: Int, _ msb: Int) -> Int { Int(b[msb]) << 8 | Int(b[lsb]) }
        func s16(_ lsb: Int, _ msb: Int) -> Int { Int(Int16(truncatingIfNeeded: u16(lsb, msb))) }
        func s8(_ index: Int) -> Int { Int(Int8(bitPattern: b[index])) }
        (t1, t2, t3) = (u16(31, 32), s16(0, 1), s8(2))
        (p1, p2, p3, p4, p5) = (u16(4, 5), s16(6, 7), s8(8), s16(10, 11), s16(12, 13))
        (p6, p7, p8, p9, p10) = (s8(15), s8(14), s16(18, 19), s16(20, 21), Int(b[22]))
        h1 = Int(b[25]) << 4 | Int(b[24] & 0x0F)
        h2 = Int(b[23]) << 4 | Int(b[24] >> 4)
        (h3, h4, h5, h6, h7) = (s8(26), s8(27), s8(28), Int(b[29]), s8(30))
        (gh1, gh2, gh3) = (s8(35), s16(33, 34), s8(36))
        resHeatValue = s8(37)
        resHeatRange = Int(b[39] & 0x30) >> 4
        rangeSwitchingError = Int(Int8(bitPattern: b[41] & 0xF0)) / 16
    }

    /// Whether the parameters look like a chip's rather than an empty or unreadable
    /// memory: par_t1 and par_p1 are never 0 or 0xFFFF on a working chip.
    public var isPlausible: Bool {
        t1 != 0 && t1 != 0xFFFF && p1 != 0 && p1 != 0xFFFF
    }

    /// Bosch's temperature: (°C, t_fine).
    public func temperature(adc: Int) -> (celsius: Double, tFine: Double) {
        let x = Double(adc)
        let var1 = (x / 16384 - Double(t1) / 1024) * Double(t2)
        let delta = x / 131072 - Double(t1) / 8192
        let tFine = var1 + delta * delta * Double(t3) * 16
        return (tFine / 5120, tFine)
    }

    /// Bosch's pressure, Pa (0 when the calibration would divide by zero).
    public func pressure(adc: Int, tFine: Double) -> Double {
        var var1 = tFine / 2 - 64000
        var var2 = var1 * var1 * Double(p6) / 131072
        var2 += var1 * Double(p5) * 2
        var2 = var2 / 4 + Double(p4) * 65536
        var1 = (Double(p3) * var1 * var1 / 16384 + Double(p2) * var1) / 524288
        var1 = (1 + var1 / 32768) * Double(p1)
        guard Int(var1) != 0 else { return 0 }
        var pressure = 1_048_576 - Double(adc)
        pressure = (pressure - var2 / 4096) * 6250 / var1
        let var4 = Double(p9) * pressure * pressure / 2_147_483_648
        let var5 = pressure * Double(p8) / 32768
        let scaled = pressure / 256
        let var6 = scaled * scaled * scaled * Double(p10) / 131072
        return pressure + (var4 + var5 + var6 + Double(p7) * 128) / 16
    }

    /// Bosch's relative humidity, %, clamped to 0…100.
    public func humidity(adc: Int, tFine: Double) -> Double {
        let t = tFine / 5120
        let var1 = Double(adc) - (Double(h1) * 16 + Double(h3) / 2 * t)
        let var2 =
            var1
            * (Double(h2) / 262144 * (1 + Double(h4) / 16384 * t + Double(h5) / 1_048_576 * t * t))
        let var3 = Double(h6) / 16384
        let var4 = Double(h7) / 2_097_152
        return min(100, max(0, var2 + (var3 + var4 * t) * var2 * var2))
    }

    /// The gas resistance of a BME680 ("low" variant), Ω, with the range constants of the
    /// datasheet's table for `range` 0…15.
    public func gasResistanceBME680(adc: Int, range: Int) -> Double {
        let k1: [Double] = [0, 0, 0, 0, 0, -1, 0, -0.8, 0, 0, -0.2, -0.5, 0, -1, 0, 0]
        let k2: [Double] = [0, 0, 0, 0, 0.1, 0.7, 0, -0.8, -0.1, 0, 0, 0, 0, 0, 0, 0]
        let var1 = 1340 + 5 * Double(rangeSwitchingError)
        let var2 = var1 * (1 + k1[range] / 100)
        let var3 = 1 + k2[range] / 100
        return 1 / (var3 * 0.000000125 * Double(1 << range) * ((Double(adc) - 512) / var2 + 1))
    }

    /// The gas resistance of a BME688 ("high" variant), Ω.
    public static func gasResistanceBME688(adc: Int, range: Int) -> Double {
        let var1 = Double(262_144 >> range)
        let var2 = Double(4096 + 3 * (adc - 512))
        return 1_000_000 * var1 / var2
    }

    /// res_heat_x for a heater `target` (°C, capped at 400) at `ambient` °C (Bosch's
    /// heater-resistance formula).
    public func heaterResistanceCode(target: Double, ambient: Double) -> UInt8 {
        let target = min(400, target)
        let var1 = Double(gh1) / 16 + 49
        let var2 = Double(gh2) / 32768 * 0.0005 + 0.00235
        let var3 = Double(gh3) / 1024
        let var4 = var1 * (1 + var2 * target)
        let var5 = var4 + var3 * ambient
        let code =
            3.4
            * (var5 * (4 / (4 + Double(resHeatRange))) * (1 / (1 + Double(resHeatValue) * 0.002))
                - 25)
        return UInt8(min(255, max(0, code)))
    }

    /// gas_wait_x for a heating time of `milliseconds` (1…4032): 6 bits of time and a
    /// 2-bit multiplier (1, 4, 16, 64); 0xFF for the longest.
    public static func gasWaitCode(milliseconds: Int) -> UInt8 {
        if milliseconds >= 0xFC0 { return 0xFF }
        var duration = max(0, milliseconds)
        var factor = 0
        while duration > 0x3F {
            duration /= 4
            factor += 1
        }
        return UInt8(duration + factor * 64)
    }

    /// The heating time a gas_wait_x code means, ms.
    public static func gasWaitMilliseconds(code: UInt8) -> Int {
        Int(code & 0x3F) << (2 * Int(code >> 6))
    }
}

/// How long a forced TPH measurement takes on a BME680/BME688, before the heater's time
/// (Bosch's API): 1963 µs per oversampling cycle of each channel, 4 × 477 µs switching,
/// 5 × 477 µs gas measurement and 1 ms wake-up.
public func bme680MeasurementTime(
    temperature: BME280Oversampling, pressure: BME280Oversampling,
    humidity: BME280Oversampling
) -> Duration {
    let cycles = temperature.rawValue + pressure.rawValue + humidity.rawValue
    return .microseconds(cycles * 1963 + 477 * 4 + 477 * 5 + 1000)
}
