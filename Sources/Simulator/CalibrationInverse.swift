public import Devices
public import KioskCore

extension BME280Calibration {
    /// The calibration as the chip stores it: 26 bytes for 0x88…0xA1 and, for a BME280, 7
    /// more for 0xE1…0xE7 (dig_H4 and dig_H5 packed into 0xE4…0xE6).
    public func registerBytes(model: SensorChip) -> [UInt8] {
        func little(_ value: Int) -> [UInt8] {
            [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]
        }
        var bytes: [UInt8] = []
        for value in [t1, t2, t3, p1, p2, p3, p4, p5, p6, p7, p8, p9] { bytes += little(value) }
        bytes += [0, UInt8(humidity?.h1 ?? 0)]
        guard model == .bme280, let h = humidity else { return bytes }
        bytes += little(h.h2)
        bytes.append(UInt8(h.h3 & 0xFF))
        bytes.append(UInt8((h.h4 >> 4) & 0xFF))
        bytes.append(UInt8((h.h4 & 0x0F) | ((h.h5 & 0x0F) << 4)))
        bytes.append(UInt8((h.h5 >> 4) & 0xFF))
        bytes.append(UInt8(h.h6 & 0xFF))
        return bytes
    }

    /// The raw ADC values whose compensation comes nearest to the given conditions
    /// (humidity in %RH, or nil): each channel found by bisection over its ADC range, temperature
    /// first because the others depend on it. Never returns a skipped marker.
    public func rawSample(temperature: Temperature, humidity: Double?, pressure: Pressure)
        -> BME280RawSample
    {
        let (temperature, pressure) = (temperature.celsius, pressure.pascals)
        let maximum20 = (1 << 20) - 1
        func compensated(_ raw: BME280RawSample) -> BME280Compensated { compensate(raw) }
        let adcT = Self.nearest(in: 0...maximum20, to: temperature, avoiding: 0x80000) {
            compensated(BME280RawSample(temperature: $0, pressure: 0x60000, humidity: nil))
                .temperature.celsius
        }
        let adcP = Self.nearest(in: 0...maximum20, to: pressure, avoiding: 0x80000) {
            compensated(BME280RawSample(temperature: adcT, pressure: $0, humidity: nil)).pressure
                .pascals
        }
        var adcH: Int?
        if let humidity, self.humidity != nil {
            adcH = Self.nearest(in: 0...0xFFFF, to: humidity, avoiding: 0x8000) {
                compensated(BME280RawSample(temperature: adcT, pressure: adcP, humidity: $0))
                    .humidity ?? 0
            }
        }
        return BME280RawSample(temperature: adcT, pressure: adcP, humidity: adcH)
    }

    /// The integer in `range` where the monotonic `function` comes nearest to `target`.
    static func nearest(
        in range: ClosedRange<Int>, to target: Double, avoiding marker: Int,
        _ function: (Int) -> Double
    ) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        let increasing = function(high) >= function(low)
        while high - low > 1 {
            let middle = (low + high) / 2
            let value = function(middle)
            if (value < target) == increasing { low = middle } else { high = middle }
        }
        var best = abs(function(low) - target) <= abs(function(high) - target) ? low : high
        if best == marker { best = best == range.upperBound ? best - 1 : best + 1 }
        return best
    }
}
