public import KioskCore

/// Why a BME280 read gave no reading (a failed transfer throws the bus's own error).
public struct BME280Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The chip id register holds something else than a BME280's or BMP280's id.
        case unknownChip(id: UInt8)
        /// After the soft reset the chip kept copying its NVM (status bit 0 stayed set).
        case calibrationCopyTimedOut
        /// The calibration reads as zeros or 0xFF: not a working chip's NVM.
        case implausibleCalibration
        /// The "measuring" status bit was still set this long after the measurement's
        /// maximum time.
        case measurementTimedOut(milliseconds: Int)
        /// These channels read as skipped / not ready (0x80000, 0x8000).
        case skipped([BME280Channel])
    }

    /// What went wrong.
    public var reason: Reason
    /// Where the chip is: "0x76 on /dev/i2c-1".
    public var location: String

    /// Creates an error.
    public init(_ reason: Reason, location: String) {
        self.reason = reason
        self.location = location
    }

    /// One sentence saying what happened and what to do.
    public var description: String {
        switch reason {
        case .unknownChip(let id):
            return
                "The device at \(location) has chip id \(I2CAddress.text(id)), which is neither a BME280 (0x60) nor a BMP280 (0x58); another chip answers at that address, so check sensor.address (a BME280 is at 0x76 or 0x77)."
        case .calibrationCopyTimedOut:
            return
                "The BME280 at \(location) was still copying its calibration after a soft reset; power-cycle the sensor (unplug its 3V3 wire for a second)."
        case .implausibleCalibration:
            return
                "The BME280 at \(location) returned empty calibration data (zeros or 0xff); the chip is faulty or not a genuine BME280/BMP280."
        case .measurementTimedOut(let milliseconds):
            return
                "The BME280 at \(location) still said \"measuring\" \(milliseconds) ms after its measurement should have ended; no reading was taken, and the chip is reset on the next read (if this repeats, power-cycle the sensor)."
        case .skipped(let channels):
            let names = BME280Channel.list(channels)
            return
                "The BME280 at \(location) returned a skipped or not-ready \(names) value (raw 0x80000/0x8000), so no reading was taken; the chip is set up again on the next read."
        }
    }
}

extension SensorChip {
    /// The chip with this id register value: 0x60 BME280; 0x58 BMP280 (0x56, 0x57 its
    /// engineering samples); nil for anything else.
    public init?(chipID: UInt8) {
        switch chipID {
        case 0x60: self = .bme280
        case 0x56, 0x57, 0x58: self = .bmp280
        default: return nil
        }
    }
}
