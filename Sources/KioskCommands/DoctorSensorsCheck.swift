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
                return DoctorFinding(
                    .ok, "sensors",
                    Sentence.ended(
                        "\(entry.name): \(entry.model.displayName) \(entry.role.rawValue) at"
                            + " \(entry.location): "
                            + SensorText.values(values, units: configuration.units)))
            case .failure(let failure):
                return DoctorFinding(.failure, "sensors", failure.description)
            }
        }
    }
}
