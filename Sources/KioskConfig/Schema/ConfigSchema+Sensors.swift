public import KioskCore

// The [[sensors]] entries: several chips at once, each indoor or outdoor.

extension ConfigSchema {
    /// The keys each `[[sensors]]` entry accepts.
    public static let sensorEntryKeys = ["kind", "role", "name", "bus", "address", "device"]

    /// One line per `[[sensors]]` key: what it means and what it takes.
    public static let sensorEntrySummaries: [String: String] = [
        "kind": "the chip: " + choiceList(SensorModel.self) + " (required)",
        "role": "where it measures: \"indoor\" (the default) or \"outdoor\"",
        "name": "the name the pages, `sensor` and Home Assistant show; absent: the role",
        "bus": "I2C bus number, /dev/i2c-N (I2C chips); default 1",
        "address":
            "7-bit I2C address; absent: the chip's first (0x76 BME280/BMP280/BME680, 0x44 SHT3x/SHT4x, 0x62 SCD4x)",
        "device": "the DS18B20's directory, /sys/bus/w1/devices/28-…; absent: the only one there",
    ]

    static func resolveSensors(_ value: ConfigValue) -> ([SensorEntry], [ConfigProblem]) {
        let path = ConfigPath([.key("sensors")])
        guard case .array(let entries) = value else {
            let message =
                "sensors must be a list of [[sensors]] tables, not \(value.typeDescription)"
            return ([], [ConfigProblem(path: path, message: message)])
        }
        var sensors: [SensorEntry] = []
        var problems: [ConfigProblem] = []
        for (offset, entry) in entries.enumerated() {
            let entryPath = path.appending(index: offset + 1)
            var entryProblems: [ConfigProblem] = []
            guard let sensor = resolveSensor(entry, at: entryPath, problems: &entryProblems) else {
                problems += entryProblems
                continue
            }
            if let earlier = sensors.firstIndex(where: { $0.name == sensor.name }) {
                problems.append(
                    ConfigProblem(
                        path: entryPath.appending("name"),
                        message:
                            "\(entryPath).name \"\(sensor.name)\" is also sensors[\(earlier + 1)]'s name;"
                            + " give each sensor a name of its own"))
            }
            if sensor.model.isI2C,
                let earlier = sensors.firstIndex(where: {
                    $0.model.isI2C && $0.bus == sensor.bus && $0.address == sensor.address
                })
            {
                problems.append(
                    ConfigProblem(
                        path: entryPath,
                        message:
                            "\(entryPath) is on \(sensor.location) like sensors[\(earlier + 1)];"
                            + " two chips cannot share an address on one bus"))
            }
            sensors.append(sensor)
        }
        return (sensors, problems)
    }

    private static func resolveSensor(
        _ value: ConfigValue, at path: ConfigPath, problems: inout [ConfigProblem]
    ) -> SensorEntry? {
        guard case .table(let members) = value else {
            problems.append(
                ConfigProblem(
                    path: path, message: "\(path) must be a table, not \(value.typeDescription)"))
            return nil
        }
        var fields: [String: ConfigValue] = [:]
        for (name, member) in members {
            if sensorEntryKeys.contains(name) {
                fields[name] = member
            } else {
                problems.append(unknownKey(path.appending(name), among: sensorEntryKeys))
            }
        }
        func field<T>(_ name: String, _ check: (ConfigValue) -> Result<T, RefusedValue>) -> T? {
            guard let value = fields[name] else { return nil }
            switch check(value) {
            case .success(let result): return result
            case .failure(let refused):
                problems.append(
                    ConfigProblem(
                        path: path.appending(name),
                        message: "\(path.appending(name)) \(refused.text)"))
                return nil
            }
        }
        guard fields["kind"] != nil else {
            problems.append(
                ConfigProblem(
                    path: path,
                    message:
                        "\(path) needs a kind (kind = \"scd4x\", …: \(choiceList(SensorModel.self)))"
                ))
            return nil
        }
        let model = field("kind") { checkChoice($0, SensorModel.self) }
        let role = field("role") { checkChoice($0, SensorRole.self) }
        let name = field("name", checkString)
        let bus = field("bus") { checkInteger($0, 0...255) }
        let address = field("address") { checkInteger($0, 0x03...0x77) }
        let device = field("device", checkString)
        guard let model, problems.isEmpty else { return nil }
        if let name, name.trimmingWhitespace.isEmpty || name.count > 40 {
            problems.append(
                ConfigProblem(
                    path: path.appending("name"),
                    message: "\(path).name must be 1 to 40 characters, not \"\(name)\""))
        }
        if model.isI2C, device != nil {
            problems.append(
                ConfigProblem(
                    path: path.appending("device"),
                    message:
                        "\(path).device is for a DS18B20; an \(model.displayName) is found by bus and address"
                ))
        }
        if !model.isI2C, let key = ["bus", "address"].first(where: { fields[$0] != nil }) {
            problems.append(
                ConfigProblem(
                    path: path.appending(key),
                    message:
                        "\(path).\(key) is for I2C chips; a DS18B20 is found by device"
                        + " (/sys/bus/w1/devices/28-…) or as the only one there"))
        }
        if let device, !device.hasPrefix("/") {
            problems.append(
                ConfigProblem(
                    path: path.appending("device"),
                    message:
                        "\(path).device must be a path such as /sys/bus/w1/devices/28-0316a2794dff, not \"\(device)\""
                ))
        }
        if let address, !model.addresses.contains(UInt8(address)) {
            let listed = model.addresses.map { hex(Int($0)) }.joined(separator: " or ")
            problems.append(
                ConfigProblem(
                    path: path.appending("address"),
                    message:
                        "\(path).address must be \(listed) for an \(model.displayName), not \(hex(address))"
                ))
        }
        guard problems.isEmpty else { return nil }
        return SensorEntry(
            model: model, role: role ?? .indoor, name: name, bus: bus ?? 1, address: address,
            device: device)
    }

    /// The `[[sensors]]` entry for `sensor`, as a table value in the schema's key order.
    public static func table(for sensor: SensorEntry) -> ConfigValue {
        var members: [(key: String, value: ConfigValue)] = [
            ("kind", .string(sensor.model.rawValue)), ("role", .string(sensor.role.rawValue)),
            ("name", .string(sensor.name)),
        ]
        if sensor.model.isI2C {
            members += [("bus", .integer(sensor.bus)), ("address", .integer(sensor.address))]
        } else if let device = sensor.device {
            members.append(("device", .string(device)))
        }
        return .table(members)
    }
}
