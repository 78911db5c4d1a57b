import KioskConfig
import KioskCore

extension ConfigCommands {
    /// `config get sensors` / `config get cities`: the entries in effect, one line each as
    /// TOML inline tables (`sensors` includes the `[sensor]` table's chip when there is no
    /// `[[sensors]]`), or with `json` an array of objects.
    func getEntries(_ array: String, of configuration: KioskConfiguration, json: Bool) throws {
        let entries =
            array == "sensors"
            ? configuration.activeSensors.map(ConfigSchema.table(for:))
            : configuration.cities.map(ConfigSchema.table(for:))
        if json { return console.print(try JSONText.encodeLine(ConfigValue.array(entries))) }
        for entry in entries { console.print(entry.tomlLiteral) }
    }
}
