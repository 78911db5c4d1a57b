import KioskCore

/// Why a BME680/BME688 read gave no reading (a failed transfer throws the bus's own error).
public struct BME680Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The chip id register holds something else than 0x61.
        case unknownChip(id: UInt8)
        /// The calibration reads as zeros or 0xFF.
        case implausibleCalibration
        /// new_data was still clear this long after the measurement's maximum time.
        case noNewData(milliseconds: Int)
        /// These channels hold the not-measured markers (0x80000, 0x8000).
        case unmeasured([BME280Channel])
    }

    /// What went wrong.
    public var reason: Reason
    /// Where the chip is: "0x77 on /dev/i2c-1".
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
            let known =
                SensorChip(chipID: id).map { " (that is a \($0.rawValue.uppercased()))" } ?? ""
            return
                "The device at \(location) has chip id \(I2CAddress.text(id))\(known), not a BME680's or BME688's 0x61; set the sensor's kind to the chip that is there, or its address (a BME680 is at 0x76 or 0x77)."
        case .implausibleCalibration:
            return
                "The BME680 at \(location) returned empty calibration data (zeros or 0xff); the chip is faulty or not a genuine BME680/BME688."
        case .noNewData(let milliseconds):
            return
                "The BME680 at \(location) had no new data \(milliseconds) ms after its measurement should have ended; no reading was taken, and the chip is reset on the next read."
        case .unmeasured(let channels):
            return
                "The BME680 at \(location) returned a not-measured \(BME280Channel.list(channels)) value (raw 0x80000/0x8000), so no reading was taken; the chip is set up again on the next read."
        }
    }
}
