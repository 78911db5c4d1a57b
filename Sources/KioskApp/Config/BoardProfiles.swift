public import KioskCore

/// Board profiles: config fragments that set a board's buses, pins and display, applied
/// under the config file (the config wins). The simulator profile is built in, so a PC
/// needs no files besides the binary.
public enum BoardProfiles {
    /// The profiles compiled into the binary, by board name.
    static let builtIn: [String: String] = [
        "simulator": """
        # The PC "board": a simulated BME280, keyboard buttons, the terminal as display.
        # State and the control socket in /tmp, so that it runs without root.
        state_dir = "/tmp/weather-kiosk-simulator"

        [control]
        socket = "/tmp/weather-kiosk-simulator/control.sock"

        [display]
        kind = "terminal"

        [sensor]
        kind = "simulated"

        [buttons]
        backend = "keyboard"
        """,
        "raspberry-pi-zero-2w": piProfile(gpioChip: "pinctrl-bcm2835"),
        "raspberry-pi-3": piProfile(gpioChip: "pinctrl-bcm2835"),
        "raspberry-pi-4": piProfile(gpioChip: "pinctrl-bcm2711"),
        "raspberry-pi-5": piProfile(gpioChip: "pinctrl-rp1"),
    ]

    /// The Pi profile; `gpioChip` is the label of the chip with the header's GPIO lines
    /// (its gpiochip number changed between kernels on the Pi 5, the label did not).
    private static func piProfile(gpioChip: String) -> String {
        """
        # I2C on header pins 3 (SDA) and 5 (SCL) is bus 1; buttons on GPIO17/27/22.
        [sensor]
        kind = "bme280"
        bus = 1

        [buttons]
        backend = "gpiod"
        next = "GPIO17"
        previous = "GPIO27"
        select = "GPIO22"
        chip = "\(gpioChip)"

        [display]
        kind = "framebuffer"
        device = "/dev/fb0"
        """
    }

    /// The names of every known board, sorted.
    public static var names: [String] { builtIn.keys.sorted() }

    /// The profile document for `board`, or nil when there is none.
    public static func document(for board: String) -> ConfigDocument? {
        builtIn[board].map { ConfigDocument(file: "board profile \"\(board)\"", text: $0) }
    }

    /// The configuration that `board`'s profile gives before the config file applies.
    /// - Throws: `ConfigFileError` when the profile itself is invalid.
    public static func base(for board: String) throws(ConfigFileError) -> KioskConfiguration {
        var base = KioskConfiguration()
        base.board = board
        guard let profile = document(for: board) else { return base }
        return try profile.resolve(onto: base)
    }
}
