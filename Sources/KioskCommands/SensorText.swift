import Devices
import FoundationEssentials
import KioskCore
import KioskDaemon
import LinuxPlatform

/// `sensor --json`: exactly the keys the verb documents, each naming its unit (°C, Pa); nil
/// is written as null.
struct SensorJSON: Encodable {
    var chip: SensorChip
    var temperature: Temperature
    var humidity: Double?
    var pressure: Pressure
    var seaLevelPressure: Pressure?
    var dewPoint: Temperature?

    init(_ reading: SensorReading, elevation: Double?) {
        chip = reading.chip
        temperature = reading.temperature
        humidity = reading.humidity
        pressure = reading.pressure
        seaLevelPressure = elevation.map { reading.seaLevelPressure(elevation: $0) }
        dewPoint = reading.dewPoint
    }

    enum CodingKeys: String, CodingKey {
        case chip
        case temperature = "temperature_c"
        case humidity = "humidity_percent"
        case pressure = "pressure_pa"
        case seaLevelPressure = "sea_level_pressure_pa"
        case dewPoint = "dew_point_c"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(chip, forKey: .chip)
        try container.encode(temperature.celsius, forKey: .temperature)
        try container.encode(humidity, forKey: .humidity)
        try container.encode(pressure.pascals, forKey: .pressure)
        try container.encode(seaLevelPressure?.pascals, forKey: .seaLevelPressure)
        try container.encode(dewPoint?.celsius, forKey: .dewPoint)
    }
}

/// `sensor decode --json`: chip, temperature_c, humidity_percent, pressure_pa; with
/// --verbose also the calibration and the raw values.
struct DecodeJSON: Encodable {
    var chip: SensorChip
    var result: BME280Compensated
    var calibration: BME280Calibration?
    var raw: BME280RawSample?

    enum CodingKeys: String, CodingKey {
        case chip
        case temperature = "temperature_c"
        case humidity = "humidity_percent"
        case pressure = "pressure_pa"
        case calibration, raw
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(chip, forKey: .chip)
        try container.encode(result.temperature.celsius, forKey: .temperature)
        try container.encode(result.humidity, forKey: .humidity)
        try container.encode(result.pressure.pascals, forKey: .pressure)
        if let calibration {
            var fields: [String: Int] = [
                "dig_T1": calibration.t1, "dig_T2": calibration.t2, "dig_T3": calibration.t3,
                "dig_P1": calibration.p1, "dig_P2": calibration.p2, "dig_P3": calibration.p3,
                "dig_P4": calibration.p4, "dig_P5": calibration.p5, "dig_P6": calibration.p6,
                "dig_P7": calibration.p7, "dig_P8": calibration.p8, "dig_P9": calibration.p9,
            ]
            if let h = calibration.humidity {
                fields["dig_H1"] = h.h1
                fields["dig_H2"] = h.h2
                fields["dig_H3"] = h.h3
                fields["dig_H4"] = h.h4
                fields["dig_H5"] = h.h5
                fields["dig_H6"] = h.h6
            }
            try container.encode(fields, forKey: .calibration)
        }
        if let raw {
            var values = ["adc_T": raw.temperature, "adc_P": raw.pressure]
            if let humidity = raw.humidity { values["adc_H"] = humidity }
            try container.encode(values, forKey: .raw)
        }
    }
}

/// The sensor verbs' text output.
enum SensorText {
    /// The block `sensor` prints, in `language`.
    static func reading(
        _ reading: SensorReading, location: String, elevation: StationElevation, units: Units,
        language: Language = .en
    ) -> String {
        let l = language
        func temperature(_ value: Temperature) -> String {
            SensorText.temperature(value, units, language: l)
        }
        func pressure(_ value: Pressure) -> String {
            SensorText.pressure(value, units, language: l)
        }
        // TRANSLATORS: the row labels of `sensor`'s block.
        var rows: [[String]] = []
        rows.append([
            l.localized("Temperature", context: "sensor text"), temperature(reading.temperature),
        ])
        if let humidity = reading.humidity {
            rows.append([
                l.localized("Humidity", context: "sensor text"),
                number(humidity, digits: 1, language: l) + " %",
            ])
        } else {
            rows.append([
                l.localized("Humidity", context: "sensor text"),
                l.localized("none: a BMP280 has no humidity sensor", context: "sensor text"),
            ])
        }
        rows.append([
            l.localized("Pressure", context: "sensor text"),
            l.localized(
                "{pressure} at the station", context: "sensor text",
                ["pressure": pressure(reading.pressure)]),
        ])
        let seaLevel = l.localized("Sea level", context: "sensor text")
        switch elevation {
        case .configured(let metres), .openMeteo(let metres):
            let values: KeyValuePairs<String, String> = [
                "pressure": pressure(reading.seaLevelPressure(elevation: metres)),
                "elevation": number(metres, digits: 0, language: l),
            ]
            rows.append([
                seaLevel,
                elevation == .configured(metres)
                    ? l.localized(
                        "{pressure} (elevation {elevation} m, from station.elevation)",
                        context: "sensor text", values)
                    : l.localized(
                        "{pressure} (elevation {elevation} m, from Open-Meteo)",
                        context: "sensor text", values),
            ])
        case .unknown:
            rows.append([
                seaLevel,
                l.localized(
                    "unknown: set station.elevation (metres), or station.latitude and station.longitude and run `weather-kiosk forecast` once so that Open-Meteo's elevation is cached",
                    context: "sensor text"),
            ])
        }
        let dewPoint = l.localized("Dew point", context: "sensor text")
        if let value = reading.dewPoint {
            rows.append([dewPoint, temperature(value)])
        } else {
            rows.append([
                dewPoint, l.localized("unknown: it needs the humidity", context: "sensor text"),
            ])
        }
        let chip =
            reading.chip == .bme280
            ? l.localized("BME280 at {location}", context: "sensor text", ["location": location])
            : l.localized(
                "BMP280 at {location}: temperature and pressure only (it has no humidity sensor)",
                context: "sensor text", ["location": location])
        return chip + "\n" + TextTable.render(rows.map { ["  " + $0[0], $0[1]] })
    }

    /// One `--watch` line: local time, temperature, humidity, pressures, dew point.
    static func line(
        _ reading: SensorReading, elevation: StationElevation, units: Units,
        language: Language = .en
    ) -> String {
        let l = language
        let local = LocalDateTime(
            reading.time, utcOffsetSeconds: KioskClock.localOffset(at: reading.time))
        var parts = [
            local.clockText(units.clock, language: l),
            temperature(reading.temperature, units, language: l),
        ]
        parts.append(
            reading.humidity.map { number($0, digits: 1, language: l) + " %" }
                ?? l.localized("no humidity", context: "sensor --watch"))
        parts.append(pressure(reading.pressure, units, language: l))
        if let metres = elevation.metres {
            parts.append(
                l.localized(
                    "sea level {pressure}", context: "sensor --watch",
                    [
                        "pressure": pressure(
                            reading.seaLevelPressure(elevation: metres), units, language: l)
                    ]))
        } else {
            parts.append(l.localized("sea level unknown", context: "sensor --watch"))
        }
        parts.append(
            reading.dewPoint.map {
                l.localized(
                    "dew point {temperature}", context: "sensor --watch",
                    ["temperature": temperature($0, units, language: l)])
            } ?? l.localized("dew point unknown", context: "sensor --watch"))
        return parts.joined(separator: "  ")
    }

    /// The block `sensor decode` prints.
    static func decoded(
        chip: SensorChip, id: UInt8, result: BME280Compensated,
        calibration: BME280Calibration?, raw: BME280RawSample?
    ) -> String {
        var lines: [String] = []
        switch chip {
        case .bme280: lines.append("Chip: BME280 (id \(I2CAddress.text(id)))")
        case .bmp280:
            lines.append(
                "Chip: BMP280 (id \(I2CAddress.text(id))): temperature and pressure only, no humidity sensor"
            )
        }
        if let calibration {
            lines.append("Calibration:")
            lines.append(
                "  dig_T1..T3  "
                    + [calibration.t1, calibration.t2, calibration.t3].map(String.init)
                    .joined(separator: " "))
            let pressure = [
                calibration.p1, calibration.p2, calibration.p3, calibration.p4, calibration.p5,
                calibration.p6, calibration.p7, calibration.p8, calibration.p9,
            ]
            lines.append("  dig_P1..P9  " + pressure.map(String.init).joined(separator: " "))
            if let h = calibration.humidity {
                lines.append(
                    "  dig_H1..H6  "
                        + [h.h1, h.h2, h.h3, h.h4, h.h5, h.h6].map(String.init)
                        .joined(separator: " "))
            }
        }
        if let raw {
            var text = "Raw: adc_T \(raw.temperature), adc_P \(raw.pressure)"
            if let humidity = raw.humidity { text += ", adc_H \(humidity)" }
            lines.append(text)
            lines.append("  t_fine \(result.tFine)")
        }
        var rows = [["  Temperature", number(result.temperature.celsius, digits: 2) + " °C"]]
        if let humidity = result.humidity {
            rows.append(["  Humidity", number(humidity, digits: 2) + " %"])
        }
        rows.append([
            "  Pressure",
            number(result.pressure.hectopascals, digits: 2) + " hPa ("
                + number(result.pressure.pascals, digits: 2) + " Pa)",
        ])
        lines.append("Reading:")
        lines.append(TextTable.render(rows))
        return lines.joined(separator: "\n")
    }

    /// The sentence for a dump that gives no reading.
    static func problem(_ problem: BME280RegisterDump.Problem, in name: String) -> String {
        switch problem {
        case .unknownChip(let id):
            return
                "The dump in \(name) has chip id \(I2CAddress.text(id)) at 0xd0, which is neither a BME280 (0x60) nor a BMP280 (0x58); dump the sensor's address (0x76 or 0x77, `i2cdetect -y 1` lists them)."
        case .implausibleCalibration:
            return
                "The dump in \(name) has empty calibration (zeros or 0xff at 0x88…0xa1), so it cannot be compensated; the chip is faulty or not a genuine BME280/BMP280."
        case .skipped(let channels):
            let names = BME280Channel.list(channels)
            return
                "The dump in \(name) holds skipped or not-ready \(names) values (raw 0x80000/0x8000 at 0xf7…0xfe), so it has no reading: trigger a measurement first (`i2cset -y BUS ADDR 0xf2 0x01; i2cset -y BUS ADDR 0xf4 0x25`), then dump again."
        }
    }

    /// "21.5 °C" or "70.7 °F" ("21,5 °C" in German).
    static func temperature(
        _ temperature: Temperature, _ units: Units, language: Language = .en
    ) -> String {
        WeatherFormat.temperature(
            temperature, in: units.temperature, symbol: true, digits: 1, language: language)
    }

    /// "1013.2 hPa", "760.1 mmHg", "29.92 inHg".
    static func pressure(_ pressure: Pressure, _ units: Units, language: Language = .en)
        -> String
    {
        let digits = units.pressure == .inchesOfMercury ? 2 : 1
        return number(pressure.value(in: units.pressure), digits: digits, language: language)
            + " " + units.pressure.symbol
    }

    /// A number with `digits` decimals.
    static func number(_ value: Double, digits: Int, language: Language = .en) -> String {
        WeatherFormat.decimal(value, digits: digits, language: language)
    }
}
