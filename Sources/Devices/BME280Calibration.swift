// The BME280's data formats and Bosch's compensation: pure functions shared by the driver,
// `sensor decode` and the simulated chip.

public import KioskCore

/// The trimming parameters a BME280 or BMP280 stores in its NVM: 0x88…0xA1 and, on a
/// BME280 only, 0xE1…0xE7. Names and types are the datasheet's (dig_T1 is unsigned 16-bit,
/// dig_H4 a signed 12-bit value, …); all are held as `Int`.
public struct BME280Calibration: Sendable, Hashable, Codable {
    /// dig_T1 (u16), dig_T2 (s16), dig_T3 (s16).
    public var t1, t2, t3: Int
    /// dig_P1 (u16), dig_P2…dig_P9 (s16).
    public var p1, p2, p3, p4, p5, p6, p7, p8, p9: Int
    /// dig_H1 (u8), dig_H2 (s16), dig_H3 (u8), dig_H4 (s12), dig_H5 (s12), dig_H6 (s8); nil
    /// for a BMP280, which has no humidity sensor.
    public var humidity: HumidityCalibration?

    /// The humidity trimming parameters.
    public struct HumidityCalibration: Sendable, Hashable, Codable {
        /// dig_H1…dig_H6.
        public var h1, h2, h3, h4, h5, h6: Int

        /// Creates humidity parameters from their values.
        public init(h1: Int, h2: Int, h3: Int, h4: Int, h5: Int, h6: Int) {
            (self.h1, self.h2, self.h3, self.h4, self.h5, self.h6) = (h1, h2, h3, h4, h5, h6)
        }
    }

    /// The number of bytes at 0x88…0xA1.
    public static let temperatureAndPressureLength = 26
    /// The number of bytes at 0xE1…0xE7.
    public static let humidityLength = 7

    /// Creates parameters from their values.
    public init(
        t1: Int, t2: Int, t3: Int, p1: Int, p2: Int, p3: Int, p4: Int, p5: Int, p6: Int,
        p7: Int, p8: Int, p9: Int, humidity: HumidityCalibration?
    ) {
        (self.t1, self.t2, self.t3) = (t1, t2, t3)
        (self.p1, self.p2, self.p3, self.p4, self.p5) = (p1, p2, p3, p4, p5)
        (self.p6, self.p7, self.p8, self.p9) = (p6, p7, p8, p9)
        self.humidity = humidity
    }

    /// Parses the bytes of 0x88…0xA1 (26) and, for a BME280, of 0xE1…0xE7 (7). dig_H4 and
    /// dig_H5 share 0xE5 and are signed: H4 = (int8)E4·16 | E5 low nibble, H5 = (int8)E6·16 |
    /// E5 high nibble.
    /// - Precondition: 26 and (when given) 7 bytes; a programmer error otherwise.
    public init(temperatureAndPressure bytes: [UInt8], humidity humidityBytes: [UInt8]?) {
        precondition(bytes.count >= Self.temperatureAndPressureLength)
        func unsigned(_ index: Int) -> Int { Int(bytes[index]) | Int(bytes[index + 1]) << 8 }
        func signed(_ index: Int) -> Int { Int(Int16(truncatingIfNeeded: unsigned(index))) }
        self.init(
            t1: unsigned(0), t2: signed(2), t3: signed(4), p1: unsigned(6), p2: signed(8),
            p3: signed(10), p4: signed(12), p5: signed(14), p6: signed(16), p7: signed(18),
            p8: signed(20), p9: signed(22), humidity: nil)
        guard let humidityBytes else { return }
        precondition(humidityBytes.count >= Self.humidityLength)
        let e = humidityBytes
        humidity = HumidityCalibration(
            h1: Int(bytes[25]),
            h2: Int(Int16(truncatingIfNeeded: Int(e[0]) | Int(e[1]) << 8)),
            h3: Int(e[2]),
            h4: Int(Int8(bitPattern: e[3])) * 16 | Int(e[4] & 0x0F),
            h5: Int(Int8(bitPattern: e[5])) * 16 | Int(e[4] >> 4),
            h6: Int(Int8(bitPattern: e[6])))
    }

    /// Whether the parameters look like a chip's rather than an empty or unreadable NVM:
    /// dig_T1 and dig_P1 are never 0 or 0xFFFF on a working chip.
    public var isPlausible: Bool {
        t1 != 0 && t1 != 0xFFFF && p1 != 0 && p1 != 0xFFFF
    }

    /// Bosch's double-precision compensation (BME280 API v3.5.0, the datasheet's
    /// floating-point formulas) with its clamps: −40…85 °C, 30 000…110 000 Pa, 0…100 %.
    /// `tFine` is truncated to an integer between the temperature and the other channels,
    /// as Bosch does. Humidity is computed when both the raw value and the humidity
    /// parameters are there.
    public func compensate(_ raw: BME280RawSample) -> BME280Compensated {
        let adcT = Double(raw.temperature)
        var var1 = (adcT / 16384.0 - Double(t1) / 1024.0) * Double(t2)
        var var2 = adcT / 131072.0 - Double(t1) / 8192.0
        var2 = var2 * var2 * Double(t3)
        let tFine = Int(Int32(truncatingIfNeeded: Int((var1 + var2).rounded(.towardZero))))
        let temperature = min(85, max(-40, (var1 + var2) / 5120.0))

        var pressure = 30000.0
        var1 = Double(tFine) / 2.0 - 64000.0
        var2 = var1 * var1 * Double(p6) / 32768.0
        var2 += var1 * Double(p5) * 2.0
        var2 = var2 / 4.0 + Double(p4) * 65536.0
        let var3 = Double(p3) * var1 * var1 / 524288.0
        var1 = (var3 + Double(p2) * var1) / 524288.0
        var1 = (1.0 + var1 / 32768.0) * Double(p1)
        if var1 > 0 {
            pressure = 1048576.0 - Double(raw.pressure)
            pressure = (pressure - var2 / 4096.0) * 6250.0 / var1
            var1 = Double(p9) * pressure * pressure / 2147483648.0
            var2 = pressure * Double(p8) / 32768.0
            pressure += (var1 + var2 + Double(p7)) / 16.0
            pressure = min(110000, max(30000, pressure))
        }

        var humidityResult: Double?
        if let adcH = raw.humidity, let h = humidity {
            let x1 = Double(tFine) - 76800.0
            let x2 = Double(h.h4) * 64.0 + Double(h.h5) / 16384.0 * x1
            let x3 = Double(adcH) - x2
            let x4 = Double(h.h2) / 65536.0
            let x5 = 1.0 + Double(h.h3) / 67108864.0 * x1
            var x6 = 1.0 + Double(h.h6) / 67108864.0 * x1 * x5
            x6 = x3 * x4 * (x5 * x6)
            let value = x6 * (1.0 - Double(h.h1) * x6 / 524288.0)
            humidityResult = min(100, max(0, value))
        }
        return BME280Compensated(
            temperature: Temperature(celsius: temperature), pressure: Pressure(pascals: pressure),
            humidity: humidityResult, tFine: tFine)
    }
}

/// The raw ADC values of one measurement, as the data registers 0xF7…0xFE hold them.
public struct BME280RawSample: Sendable, Hashable, Codable {
    /// The value a skipped or not-yet-measured temperature or pressure reads as.
    public static let skippedTemperatureOrPressure = 0x80000
    /// The value a skipped or not-yet-measured humidity reads as.
    public static let skippedHumidity = 0x8000

    /// adc_T, 20 bits.
    public var temperature: Int
    /// adc_P, 20 bits.
    public var pressure: Int
    /// adc_H, 16 bits; nil for a BMP280.
    public var humidity: Int?

    /// Creates a sample from its values.
    public init(temperature: Int, pressure: Int, humidity: Int?) {
        self.temperature = temperature
        self.pressure = pressure
        self.humidity = humidity
    }

    /// Parses the data registers from 0xF7: 6 bytes (pressure, temperature) or 8 (and
    /// humidity).
    /// - Precondition: at least 6 bytes; a programmer error otherwise.
    public init(dataRegisters bytes: [UInt8]) {
        precondition(bytes.count >= 6)
        func twenty(_ index: Int) -> Int {
            Int(bytes[index]) << 12 | Int(bytes[index + 1]) << 4 | Int(bytes[index + 2]) >> 4
        }
        pressure = twenty(0)
        temperature = twenty(3)
        humidity = bytes.count >= 8 ? Int(bytes[6]) << 8 | Int(bytes[7]) : nil
    }

    /// The channels that read as skipped or not ready: never to be compensated.
    public var skippedChannels: [BME280Channel] {
        var skipped: [BME280Channel] = []
        if temperature == Self.skippedTemperatureOrPressure { skipped.append(.temperature) }
        if pressure == Self.skippedTemperatureOrPressure { skipped.append(.pressure) }
        if humidity == Self.skippedHumidity { skipped.append(.humidity) }
        return skipped
    }
}

/// One of the chip's three measurements.
public enum BME280Channel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Temperature.
    case temperature
    /// Pressure.
    case pressure
    /// Relative humidity.
    case humidity

    /// "temperature", "temperature and pressure", "temperature, pressure and humidity".
    public static func list(_ channels: [BME280Channel]) -> String {
        let names = channels.map(\.rawValue)
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }
}

/// A compensated measurement.
public struct BME280Compensated: Sendable, Hashable, Codable {
    /// The temperature, clamped to −40…85 °C.
    public var temperature: Temperature
    /// The pressure at the station, clamped to 300…1100 hPa.
    public var pressure: Pressure
    /// %RH; nil without a humidity channel.
    public var humidity: Double?
    /// Bosch's fine temperature, shared by the pressure and humidity formulas.
    public var tFine: Int
}

/// Oversampling of one channel: how many samples the chip averages per measurement.
public enum BME280Oversampling: Int, Sendable, Hashable, Codable, CaseIterable {
    /// One sample (Bosch's weather-monitoring setting).
    case x1 = 1
    /// Two samples.
    case x2 = 2
    /// Four samples.
    case x4 = 4
    /// Eight samples.
    case x8 = 8
    /// Sixteen samples.
    case x16 = 16

    /// The 3-bit code in ctrl_hum / ctrl_meas: 1 for ×1 … 5 for ×16.
    public var code: UInt8 {
        switch self {
        case .x1: 1
        case .x2: 2
        case .x4: 3
        case .x8: 4
        case .x16: 5
        }
    }
}

/// The chip's IIR filter on temperature and pressure.
public enum BME280Filter: Int, Sendable, Hashable, Codable, CaseIterable {
    /// No filter (Bosch's weather-monitoring setting).
    case off = 0
    /// Coefficient 2.
    case x2 = 2
    /// Coefficient 4.
    case x4 = 4
    /// Coefficient 8.
    case x8 = 8
    /// Coefficient 16.
    case x16 = 16

    /// The 3-bit code in the config register (bits 4…2).
    public var code: UInt8 {
        switch self {
        case .off: 0
        case .x2: 1
        case .x4: 2
        case .x8: 3
        case .x16: 4
        }
    }
}

/// How long a forced measurement takes at most, from the datasheet (appendix B):
/// 1.25 + 2.3·osrs_t + (2.3·osrs_p + 0.575) + (2.3·osrs_h + 0.575) ms, the humidity term
/// only on a BME280.
public func bme280MaximumMeasurementTime(
    temperature: BME280Oversampling, pressure: BME280Oversampling,
    humidity: BME280Oversampling?
) -> Duration {
    var microseconds = 1250 + 2300 * temperature.rawValue + 2300 * pressure.rawValue + 575
    if let humidity { microseconds += 2300 * humidity.rawValue + 575 }
    return .microseconds(microseconds)
}
