import KioskCore
import KioskDaemon

extension DoctorCommands {
    /// The `[[sensors]]`: one finding per sensor, its reading or its failure in one
    /// sentence; nothing without any.
    static let sensorsCheck: Check = { configuration in
        guard !configuration.sensors.isEmpty else { return [] }
        var set = SensorSet.configured(configuration)
        return await set.readAll().map { outcome in
            let entry = outcome.entry
            switch outcome.result {
            case .success(let values):
                return DoctorFinding(.ok, "sensors") { language in
                    // TRANSLATORS: `doctor`; {model} is a chip (SCD4x), {role} indoor or
                    // outdoor as the config spells it, {location} where it is ("I2C bus 1
                    // at 0x62"), {values} its reading.
                    Sentence.ended(
                        language.localized(
                            "{name}: {model} {role} at {location}: {values}",
                            [
                                "name": entry.name, "model": entry.model.displayName,
                                "role": entry.role.rawValue,
                                "location": entry.location(in: language),
                                "values": SensorText.values(
                                    values, units: configuration.units, language: language),
                            ]))
                }
            case .failure(let failure):
                return DoctorFinding(.failure, "sensors", failure.description)
            }
        }
    }
}
