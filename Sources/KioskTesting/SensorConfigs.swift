/// Config text of several sensors for the tests that run the kiosk.
public enum SensorConfigs {
    /// A simulated SCD41 indoors ("Living room") and a DS18B20 outdoors ("Balcony"), as
    /// issue 34's acceptance names them.
    public static let indoorCO2AndOutdoor = """

        [[sensors]]
        kind = "scd4x"
        name = "Living room"

        [[sensors]]
        kind = "ds18b20"
        role = "outdoor"
        name = "Balcony"

        """
}
