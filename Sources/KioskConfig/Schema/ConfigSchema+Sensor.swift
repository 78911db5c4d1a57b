import KioskCore

// The keys of the [sensor] table.

extension ConfigSchema {
    static let sensorKeys: [ConfigKey] = [
        choice(
            "sensor.kind", \.sensor.kind,
            summary: "the indoor sensor: bme280 also finds a BMP280; simulated on a PC"),
        integer("sensor.bus", \.sensor.bus, 0...255, summary: "I2C bus number: /dev/i2c-N"),
        hexadecimal(
            integer(
                "sensor.address", \.sensor.address, 0x03...0x77,
                summary: "7-bit I2C address: 0x76 or 0x77 for a BME280")),
        integer(
            "sensor.interval_seconds", \.sensor.intervalSeconds, 1...3600, unit: "seconds",
            summary: "seconds between readings"),
        float(
            "sensor.temperature_offset", \.sensor.temperatureOffset, -30...30, unit: "°C",
            summary: "fixed correction added to every temperature, °C"),
        float(
            "sensor.cpu_heat_factor", \.sensor.cpuHeatFactor, 0...20,
            summary: "CPU-heat compensation factor (enviroplus uses 2.25); 0 turns it off"),
        ConfigKey(
            path: "sensor.oversampling", kind: .integer,
            summary: "samples per reading: 1, 2, 4, 8 or 16 (1 heats the chip least)",
            apply: { value, configuration in
                let choices = SensorSettings.oversamplingChoices
                let listed = choices.map(String.init).joined(separator: ", ")
                guard case .integer(let number) = value else {
                    return
                        "must be one of \(listed), not \(value.typeDescription) (\(value.tomlLiteral))"
                }
                guard choices.contains(number) else {
                    return "must be one of \(listed) (the chip's oversampling steps), not \(number)"
                }
                configuration.sensor.oversampling = number
                return nil
            },
            read: { .integer($0.sensor.oversampling) }),
        ConfigKey(
            path: "sensor.filter", kind: .string,
            summary: "the chip's IIR filter: \"off\", 2, 4, 8 or 16",
            apply: { value, configuration in
                let expected = "\"off\" or one of 2, 4, 8, 16 (the IIR filter coefficient)"
                let coefficient: Int?
                switch value {
                case .string(let text):
                    coefficient = text == "off" ? 0 : Int(text)
                case .integer(let number):
                    coefficient = number
                default:
                    return
                        "must be \(expected), not \(value.typeDescription) (\(value.tomlLiteral))"
                }
                let isOff = value == .string("off")
                guard let coefficient, isOff || [2, 4, 8, 16].contains(coefficient) else {
                    return "must be \(expected), not \(value.tomlLiteral)"
                }
                configuration.sensor.filterCoefficient = coefficient
                return nil
            },
            read: { configuration in
                let coefficient = configuration.sensor.filterCoefficient
                return coefficient == 0 ? .string("off") : .integer(coefficient)
            }),
    ]
}

extension ConfigSchema {
    /// `key`, marked as written in hexadecimal, its bounds said that way too.
    static func hexadecimal(_ key: ConfigKey) -> ConfigKey {
        var key = key
        key.isHexadecimal = true
        if let bounds = key.bounds {
            key.accepts =
                "a whole number from \(hex(bounds.lowerBound)) to \(hex(bounds.upperBound))"
        }
        return key
    }

    /// "0x03": a number as an I2C address is written.
    public static func hex(_ number: Int) -> String {
        let digits = String(number, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 2 - digits.count)) + digits
    }
}
