/// A sensor the config does not describe, so none can be built: one sentence naming the key
/// and how to set it. The verbs map it to exit code 2.
public enum SensorSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `sensor.kind` is "none".
    case noSensor

    /// The sentence.
    public var description: String {
        switch self {
        case .noSensor:
            "sensor.kind is \"none\", so there is no sensor to read; set sensor.kind = \"bme280\" (or \"simulated\") with `weather-kiosk config set sensor.kind bme280`."
        }
    }
}
