import Devices
import FoundationEssentials
import KioskConfig
import KioskControl
import KioskCore
import KioskDaemon
import LinuxPlatform
import Simulator

extension SensorCommands {
    /// The chips `sensor decode --chip` takes: "sht3x", "sht4x", "scd4x", "bme280".
    public static let frameChips = SensorFrames.Chip.allCases.map(\.rawValue)

    /// `sensor [--json]` with `[[sensors]]`: one reading of every sensor, each on its own
    /// line (or object), a failed one as its sentence.
    /// - Throws: `CommandFailure` (exit 1) when no sensor gave a reading.
    func readAll(_ configuration: KioskConfiguration, json: Bool) async throws {
        var set = SensorSet.configured(configuration)
        let outcomes = await set.readAll()
        if json {
            console.print(try JSONText.encode(outcomes.map(SensorOutcomeJSON.init)))
        } else {
            for outcome in outcomes {
                console.print(
                    SensorText.outcome(
                        outcome, units: configuration.units,
                        language: configuration.languageChoice.language))
            }
        }
        let failures = outcomes.compactMap { outcome -> String? in
            guard case .failure(let failure) = outcome.result else { return nil }
            return failure.description
        }
        if !json { for failure in failures { console.printError(failure) } }
        if !outcomes.isEmpty, failures.count == outcomes.count {
            throw CommandFailure.runtime(
                configuration.languageChoice.language.localized(
                    "No sensor gave a reading; each one's reason is above."))
        }
    }

    /// `sensor --watch` with `[[sensors]]`: every sensor each `seconds`, a line per sensor
    /// after the time (with `--json` one array per round, as `sensor --json`), until the
    /// task is cancelled. A sensor that fails says why on stderr, and when it answers again.
    func watchAll(_ configuration: KioskConfiguration, json: Bool, seconds: Double) async {
        var set = SensorSet.configured(configuration)
        let language = configuration.languageChoice.language
        if !json {
            // TRANSLATORS: `sensor --watch`; {seconds} is a whole number.
            console.print(
                language.localized(
                    "Reading {count} sensor every {seconds} s; Ctrl-C stops.",
                    plural: "Reading {count} sensors every {seconds} s; Ctrl-C stops.",
                    count: configuration.sensors.count,
                    ["seconds": SensorText.number(seconds, digits: 0, language: language)]))
        }
        var failing: Set<String> = []
        while !Task.isCancelled {
            let outcomes = await set.readAll()
            let now = Date()
            let clock = LocalDateTime(now, utcOffsetSeconds: KioskClock.localOffset(at: now))
                .clockText(configuration.units.clock)
            for outcome in outcomes {
                let name = outcome.entry.name
                switch outcome.result {
                case .success:
                    if failing.remove(name) != nil {
                        console.printError(
                            language.localized("Sensor \"{name}\" answers again.", ["name": name]))
                    }
                case .failure(let failure):
                    failing.insert(name)
                    console.printError(failure.description)
                }
                if !json {
                    console.print(
                        clock + "  "
                            + SensorText.outcome(
                                outcome, units: configuration.units,
                                language: configuration.languageChoice.language))
                }
            }
            if json {
                do {
                    console.print(try JSONText.encodeLine(outcomes.map(SensorOutcomeJSON.init)))
                } catch {
                    console.printError("Cannot encode the readings as JSON: \(error).")
                }
            }
            do {
                try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
            } catch {
                return
            }
        }
    }

    /// `sensor decode --chip CHIP FILE`: the readings in bytes as `i2ctransfer` prints
    /// them; FILE "-" is stdin.
    /// - Throws: `CommandFailure`: exit 2 for an unknown chip or an unreadable file, exit 1
    ///   when the bytes hold no reading (a wrong CRC, a wrong length), in one sentence.
    public func decode(file: String, chip name: String, json: Bool) throws {
        guard let chip = SensorFrames.Chip(rawValue: name) else {
            throw CommandFailure.usage(
                "--chip must be one of \(Self.frameChips.joined(separator: ", ")), not \(name).")
        }
        let (source, text) = try readDump(file)
        let readings: [SensorFrames.Reading]
        do {
            readings = try SensorFrames.decode(text, chip: chip)
        } catch {
            throw CommandFailure.runtime(Sentence.ended("\(source): \(error)"))
        }
        if json {
            console.print(try JSONText.encode(readings.map(\.values)))
            return
        }
        let language = store.readerLanguage
        for (index, reading) in readings.enumerated() {
            // TRANSLATORS: `sensor decode`, before each of several frames' readings.
            let prefix =
                readings.count > 1
                ? language.localized("Frame {number}: ", ["number": String(index + 1)]) : ""
            console.print(
                prefix + SensorText.values(reading.values, units: Units(), language: language))
        }
    }

    /// `sensor scan [--bus N] [--json]`: what answers at the sensors' and displays'
    /// addresses on `/dev/i2c-N` (the simulated bus on the simulator board), and the
    /// `kind` to configure for it.
    /// - Throws: `CommandFailure` (exit 1) when the bus cannot be used, in one sentence.
    public func scan(bus number: Int?, json: Bool) async throws {
        let configuration = try ConfigCommands(store: store, console: console).load()
            .configuration
        let busNumber =
            number ?? configuration.activeSensors.first(where: \.model.isI2C)?.bus ?? 1
        let language = configuration.languageChoice.language
        let found: [I2CScan.Found]
        let name: String
        do {
            if configuration.sensor.kind == .simulated {
                let bus = SensorSet.simulatedBoard(configuration).bus(busNumber)
                // TRANSLATORS: `sensor scan` names it after "On" and "Nothing answers on".
                name = language.localized(
                    "the simulated bus {number}", ["number": String(busNumber)])
                found = try await I2CScan.scan(bus)
            } else {
                let bus = LinuxI2CBus(path: "/dev/i2c-\(busNumber)", busKey: "--bus")
                name = bus.path
                do {
                    found = try await I2CScan.scan(bus)
                } catch {
                    await bus.close()
                    throw error
                }
                await bus.close()
            }
        } catch {
            throw CommandFailure.runtime(Sentence.ended("\(error)"))
        }
        if json {
            console.print(try JSONText.encode(found.map(ScanJSON.init)))
            return
        }
        let addresses = I2CScan.addresses.map { I2CAddress.text($0) }.joined(separator: ", ")
        for line in ScanText.lines(found, bus: name, addresses: addresses, language: language) {
            console.print(line)
        }
    }
}

/// One sensor in `sensor --json`: its name, role and kind (also as `chip`, as the single
/// BME280's object has it), its values with units in the keys (`co2_ppm`, `temperature_c`,
/// …), or `error` with the sentence.
struct SensorOutcomeJSON: Encodable {
    var outcome: SensorSet.Outcome

    init(_ outcome: SensorSet.Outcome) { self.outcome = outcome }

    private enum Keys: String, CodingKey { case name, role, kind, chip, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(outcome.entry.name, forKey: .name)
        try container.encode(outcome.entry.role, forKey: .role)
        try container.encode(outcome.entry.model, forKey: .kind)
        try container.encode(outcome.entry.model, forKey: .chip)
        switch outcome.result {
        case .success(let values): try values.encode(to: encoder)
        case .failure(let failure): try container.encode(failure.description, forKey: .error)
        }
    }
}

/// One device in `sensor scan --json`.
struct ScanJSON: Encodable {
    var address: String
    var description: String
    var kind: SensorModel?

    init(_ found: I2CScan.Found) {
        address = I2CAddress.text(found.address)
        description = found.summary
        kind = found.model
    }
}

extension SensorText {
    /// "Living room (SCD4x, indoor): 812 ppm CO2 (good), 21.5 °C, 45.0 %", or the sensor's
    /// name and "no reading" when it failed (the sentence goes to stderr).
    static func outcome(
        _ outcome: SensorSet.Outcome, units: Units, language: Language = .en
    ) -> String {
        let entry = outcome.entry
        let head = "\(entry.name) (\(entry.model.displayName), \(entry.role.rawValue))"
        switch outcome.result {
        case .success(let values):
            return head + ": " + self.values(values, units: units, language: language)
        case .failure:
            return head + ": " + language.localized("no reading", context: "sensor text")
        }
    }

    /// "812 ppm CO2 (good), 21.5 °C, 45.0 %, 1013.2 hPa": what the values hold.
    static func values(_ values: SensorValues, units: Units, language: Language = .en) -> String {
        var parts: [String] = []
        if let co2 = values.carbonDioxide {
            parts.append("\(co2) CO2 (\(bandName(co2.band, language: language)))")
        }
        if let temperature = values.temperature {
            parts.append(self.temperature(temperature, units, language: language))
        }
        if let humidity = values.humidity {
            parts.append(number(humidity, digits: 1, language: language) + " %")
        }
        if let pressure = values.pressure {
            parts.append(self.pressure(pressure, units, language: language))
        }
        if let gas = values.gasResistance {
            // TRANSLATORS: a BME680's gas resistance in the sensor verbs: "gas 152 kΩ".
            parts.append(language.localized("gas {resistance}", ["resistance": "\(gas)"]))
        }
        return parts.joined(separator: ", ")
    }

    /// The CO2 band in `language`: "good", "ventilate", "poor".
    static func bandName(_ band: CarbonDioxideBand, language: Language) -> String {
        switch band {
        case .good: language.localized("good", context: "CO2 band")
        case .ventilate: language.localized("ventilate", context: "CO2 band")
        case .poor: language.localized("poor", context: "CO2 band")
        }
    }
}

extension SensorText {
    /// One `[[sensors]]` entry in `status`: "Balcony (DS18B20, outdoor): 6.1 °C", then its
    /// failure on the next line while it fails.
    static func status(
        _ entry: KioskStatus.SensorEntryStatus, units: Units, language: Language = .en
    ) -> String {
        var line = "\(entry.name) (\(entry.chip.displayName), \(entry.role.rawValue)): "
        line +=
            entry.values.map { values($0, units: units, language: language) }
            ?? language.localized("no reading yet", context: "sensor text")
        if let error = entry.error { line += "\n\(error)" }
        return line
    }
}
