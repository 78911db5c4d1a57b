import Devices
import FoundationEssentials
import KioskCore
import KioskDaemon
import LinuxPlatform

extension DoctorCommands {
    /// The device checks of the real adapters: the sensor (bus, permission, chip id, a
    /// reading), the buttons (chip, lines or input device) and the display (framebuffer
    /// geometry, or where a PNG goes).
    public static let standardDeviceChecks: [Check] = [
        sensorCheck, sensorsCheck, buttonsCheck, displayCheck,
    ]

    static let sensorCheck: Check = { configuration in
        switch configuration.sensor.kind {
        case .none:
            return [
                DoctorFinding(
                    .skipped, "sensor",
                    LocalizedMessage("sensor.kind is \"none\".", context: "doctor"))
            ]
        case .bme280, .simulated:
            var sensor: IndoorSensor
            do {
                sensor = try IndoorSensor.configured(configuration)
            } catch {
                return [DoctorFinding(.failure, "sensor", "\(error)")]
            }
            do {
                let result = try await sensor.read(at: Date())
                let reading = result.reading
                let location = sensor.location
                var findings = [
                    DoctorFinding(.ok, "sensor") { language in
                        var values = [
                            WeatherFormat.temperature(
                                reading.temperature, in: .celsius, symbol: true, digits: 1,
                                language: language)
                        ]
                        if let humidity = reading.humidity {
                            values.append(WeatherFormat.percent(humidity, language: language))
                        }
                        values.append(
                            WeatherFormat.pressure(
                                reading.pressure, unit: .hectopascal, language: language))
                        return language.localized(
                            "{chip} at {location}: {values}.", context: "doctor",
                            [
                                "chip": reading.chip == .bme280 ? "BME280" : "BMP280",
                                "location": location, "values": values.joined(separator: ", "),
                            ])
                    }
                ]
                if reading.chip == .bmp280 {
                    findings.append(
                        DoctorFinding(
                            .warning, "sensor",
                            LocalizedMessage(
                                "The chip is a BMP280: temperature and pressure only, no humidity (often sold as a BME280).",
                                context: "doctor")))
                }
                findings += result.warnings.map { DoctorFinding(.warning, "sensor", $0) }
                return findings
            } catch {
                return [DoctorFinding(.failure, "sensor", "\(error)")]
            }
        }
    }

    static let buttonsCheck: Check = { configuration in
        let settings = configuration.buttons
        switch settings.backend {
        case .none:
            return [
                DoctorFinding(
                    .skipped, "buttons",
                    LocalizedMessage("buttons.backend is \"none\".", context: "doctor"))
            ]
        case .keyboard:
            return [
                DoctorFinding(
                    .ok, "buttons",
                    LocalizedMessage(
                        "The keyboard of the terminal the kiosk runs in.", context: "doctor"))
            ]
        case .gpiod:
            do {
                let lines = try GPIOChips.resolve(settings)
                let text = lines.map { "\($0.button.rawValue) = \($0)" }.joined(separator: ", ")
                return [DoctorFinding(.ok, "buttons", Sentence.ended(text))]
            } catch {
                return [DoctorFinding(.failure, "buttons", "\(error)")]
            }
        case .evdev:
            do {
                let input = try EvdevButtonInput(settings: settings)
                return [DoctorFinding(.ok, "buttons", "\(input.summary).")]
            } catch {
                return [DoctorFinding(.failure, "buttons", "\(error)")]
            }
        }
    }

    static let displayCheck: Check = { configuration in
        let display = configuration.display
        switch display.kind {
        case .drm:
            return drmFindings(display, socket: configuration.control.socket)
        case .auto:
            let choice = DRMCards.automaticChoice(wanted: display.connector)
            let chose = DoctorFinding(
                .ok, "display",
                "display.kind = auto draws through \(choice.useDRM ? "DRM" : "the framebuffer \(display.device)"), as \(choice.reason)."
            )
            if choice.useDRM {
                return [chose] + drmFindings(display, socket: configuration.control.socket)
            }
            return [chose] + framebufferFindings(display)
        case .framebuffer:
            return framebufferFindings(display)
        case .png:
            let directory = FileSystem.directory(of: display.device)
            return FileSystem.exists(directory)
                ? [
                    DoctorFinding(
                        .ok, "display",
                        LocalizedMessage(
                            "Frames go to {path} ({size}).", context: "doctor",
                            ["path": display.device, "size": "\(display.size)"]))
                ] + rotationFinding(display.rotate, panel: display.size)
                : [
                    DoctorFinding(
                        .failure, "display",
                        LocalizedMessage(
                            "{directory}, where display.device puts the PNG, does not exist.",
                            context: "doctor", ["directory": directory]))
                ]
        case .terminal:
            return [
                DoctorFinding(
                    .ok, "display",
                    LocalizedMessage(
                        "The terminal the kiosk runs in ({size} scaled to fit).",
                        context: "doctor", ["size": "\(display.size)"]))
            ] + rotationFinding(display.rotate, panel: display.size)
        case .inky, .ePaper:
            if configuration.board == "simulator" {
                return [
                    DoctorFinding(
                        .ok, "display",
                        "\(display.kind) is simulated on the simulator board; `status` names the PNG of its glass."
                    )
                ]
            }
            // Only whether the SPI device is there: driving the panel would refresh it.
            let device = display.spiDevice
            let spi =
                FileSystem.exists(device)
                ? DoctorFinding(.ok, "display", "\(display.kind) on \(device).")
                : DoctorFinding(
                    .failure, "display",
                    "\(device), the e-paper panel's SPI device, does not exist; turn SPI on with dtparam=spi=on and dtoverlay=spi0-0cs in /boot/firmware/config.txt and reboot, or set display.device."
                )
            guard display.kind == .inky else { return [spi] }
            return [await inkyIdentity(configuration), spi]
        case .hd44780, .ssd1306, .sh1106:
            // Only whether the module acknowledges its address: initialising it would
            // disturb the picture of a kiosk that is running.
            let bus = LinuxI2CBus(
                path: "/dev/i2c-\(configuration.displayI2CBus)", busKey: "display.bus")
            let device = bus.device(
                at: UInt8(truncatingIfNeeded: configuration.display.i2cAddress))
            do {
                try await device.probe()
                return [
                    DoctorFinding(
                        .ok, "display",
                        "\(display.kind.rawValue) answers at \(device.location).")
                ]
            } catch {
                return [DoctorFinding(.failure, "display", "\(error)")]
            }
        }
    }

    /// Which panel the Inky's EEPROM names (read only: the panel is not touched), or why it
    /// cannot be read.
    static func inkyIdentity(_ configuration: KioskConfiguration) async -> DoctorFinding {
        let eeprom = LinuxI2CBus(
            path: "/dev/i2c-\(configuration.displayI2CBus)", busKey: "display.bus"
        ).device(at: InkyEEPROM.address)
        do {
            let (identity, panel) = try await InkyEEPROM.detect(on: eeprom)
            return DoctorFinding(
                .ok, "display", "The Inky EEPROM at \(eeprom.location) says \(identity): \(panel).")
        } catch {
            return DoctorFinding(.failure, "display", "\(error)")
        }
    }

    /// The framebuffer's geometry, or why it cannot be opened.
    static func framebufferFindings(_ display: DisplaySettings) -> [DoctorFinding] {
        do {
            let framebuffer = try FramebufferDisplay.open(device: display.device, console: nil)
            defer { framebuffer.close() }
            return [
                DoctorFinding(.ok, "display", "\(display.device): \(framebuffer.geometry).")
            ] + rotationFinding(display.rotate, panel: framebuffer.size)
        } catch {
            return [DoctorFinding(.failure, "display", "\(error)")]
        }
    }

    /// What `display.rotate` does to pages on a panel of `panel` pixels; nothing when the
    /// picture is not turned.
    static func rotationFinding(_ rotation: DisplayRotation, panel: PixelSize) -> [DoctorFinding] {
        guard rotation != .upright else { return [] }
        return [
            DoctorFinding(
                .ok, "display",
                "display.rotate = \(rotation.rawValue): pages are laid out at \(rotation.pageSize(onPanel: panel)) and turned \(rotation) clockwise onto the \(panel) panel, in software."
            )
        ]
    }
}
