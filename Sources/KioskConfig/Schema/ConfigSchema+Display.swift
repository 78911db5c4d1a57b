import KioskCore

// The keys of the [display] table.

extension ConfigSchema {
    static let displayKeys: [ConfigKey] = [
        choice(
            "display.kind", \.display.kind,
            summary:
                "what draws the pages: auto is DRM when a screen is connected, else the framebuffer; inky reads the panel from the Inky's EEPROM"
        ),
        text(
            "display.device", \.display.device,
            summary:
                "the framebuffer (/dev/fbN), the PNG file for kind = \"png\", or an e-paper panel's spidev",
            check: nonEmpty),
        ConfigKey(
            path: "display.connector", kind: .string,
            summary:
                "DRM output such as \"HDMI-A-1\", \"DSI-1\" or \"card1-HDMI-A-1\"; absent: the first with a screen",
            apply: { value, configuration in
                guard case .string(let name) = value, !name.isEmpty, !name.contains(" ") else {
                    return
                        "must be a connector name such as \"HDMI-A-1\" (`weather-kiosk doctor` lists them), not \(value.tomlLiteral)"
                }
                configuration.display.connector = name
                return nil
            },
            read: { $0.display.connector.map { .string($0) } }),
        ConfigKey(
            path: "display.mode", kind: .string,
            summary: "DRM mode WIDTHxHEIGHT or WIDTHxHEIGHT@HZ; absent: the screen's preferred one",
            apply: { value, configuration in
                guard case .string(let text) = value, let mode = ScreenModeRequest(parsing: text)
                else {
                    return
                        "must be WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, such as \"1280x720\" or \"1920x1080@60\", not \(value.tomlLiteral)"
                }
                configuration.display.mode = mode
                return nil
            },
            read: { $0.display.mode.map { .string($0.description) } }),
        ConfigKey(
            path: "display.pages", kind: .stringList,
            summary:
                "pages to cycle through: city, hourly, indoor, map, sky, air, dashboard; absent on an e-paper panel: dashboard",
            apply: { value, configuration in
                guard case .array(let items) = value else {
                    return
                        "must be a list such as [\"city\", \"hourly\"], not \(value.typeDescription)"
                }
                var pages: [Page] = []
                for item in items {
                    switch checkChoice(item, Page.self) {
                    case .success(let page):
                        if pages.contains(page) { return "lists \"\(page.rawValue)\" twice" }
                        pages.append(page)
                    case .failure(let refused):
                        return "entries " + refused.text
                    }
                }
                if pages.isEmpty {
                    return
                        "must name at least one page (city, hourly, indoor, map, sky, air, dashboard)"
                }
                configuration.display.pages = pages
                return nil
            },
            read: { .array($0.display.pages.map { .string($0.rawValue) }) }),
        integer(
            "display.cycle_seconds", \.display.cycleSeconds, 2...3600, unit: "seconds",
            summary: "seconds each page stays up while cycling"),
        integer(
            "display.resume_after_seconds", \.display.resumeAfterSeconds, 0...86400,
            unit: "seconds", summary: "pause after a button press before cycling resumes"),
        choice(
            "display.theme", \.display.theme,
            summary: "colours of the pages: dark for a room at night, paper for e-paper"),
        optionalInteger(
            "display.min_refresh_minutes", \.display.minRefreshMinutes, 1...1440,
            summary:
                "e-paper: the shortest time between two refreshes, minutes; absent: the panel's own (15 Inky Impression, 10 wHAT, 5 Waveshare)"
        ),
        ConfigKey(
            path: "display.size", kind: .string,
            summary:
                "picture size WIDTHxHEIGHT for kind = \"png\" and \"terminal\"; for an hd44780 LCD its COLUMNSxROWS (16x2, 20x2, 16x4, 20x4 or 40x2), instead of columns and rows",
            apply: { value, configuration in
                // At most 4 rows is an LCD's characters; a picture is 16 pixels high or more.
                if case .string(let text) = value, let grid = CharacterGridSize(parsing: text),
                    (1...4).contains(grid.rows), (8...40).contains(grid.columns)
                {
                    configuration.display.columns = grid.columns
                    configuration.display.rows = grid.rows
                    return nil
                }
                guard case .string(let text) = value, let size = PixelSize(parsing: text) else {
                    return
                        "must be WIDTHxHEIGHT with each from 16 to 8192, such as \"800x480\", or an LCD's COLUMNSxROWS such as \"20x4\", not \(value.tomlLiteral)"
                }
                configuration.display.size = size
                return nil
            },
            read: { configuration in
                configuration.display.kind == .hd44780
                    ? .string(configuration.display.characterGrid.description)
                    : .string(configuration.display.size.description)
            }),
        ConfigKey(
            path: "display.rotate", kind: .integer,
            summary: "0 | 90 | 180 | 270: degrees the picture turns clockwise on a pixel display",
            apply: { value, configuration in
                guard case .integer(let degrees) = value,
                    let rotation = DisplayRotation(rawValue: degrees)
                else {
                    return "must be 0, 90, 180 or 270 (degrees clockwise), not \(value.tomlLiteral)"
                }
                configuration.display.rotate = rotation
                return nil
            },
            read: { .integer($0.display.rotate.rawValue) }),
        optionalInteger(
            "display.bus", \.display.bus, 0...255,
            summary: "I2C bus of an LCD or OLED, /dev/i2c-N; absent: the sensor's bus"),
        hexadecimal(
            optionalInteger(
                "display.address", \.display.address, 0x03...0x77,
                summary: "7-bit I2C address of an LCD or OLED; absent: 0x27 (LCD), 0x3c (OLED)")),
        integer(
            "display.columns", \.display.columns, 8...40,
            summary:
                "characters per row of an hd44780 LCD: 16x2, 20x2, 16x4, 20x4 or 40x2 (or display.size = \"20x4\")"
        ),
        integer(
            "display.rows", \.display.rows, 1...4, summary: "rows of an hd44780 LCD"),
        integer(
            "display.width", \.display.width, 64...128, unit: "pixels",
            summary: "OLED width: 128 (ssd1306 128x64 or 128x32, sh1106 128x64)"),
        integer(
            "display.height", \.display.height, 16...64, unit: "pixels",
            summary: "OLED height: 64 or 32 (ssd1306 only)"),
        pinMapKey,
        ConfigKey(
            path: "display.mirror_png", kind: .string,
            summary: "also write every frame to this PNG file (absolute path); absent: no copy",
            apply: { value, configuration in
                guard case .string(let path) = value else {
                    return "must be a file path in quotes, not \(value.typeDescription)"
                }
                if let problem = absolutePath(path) { return problem }
                configuration.display.mirrorPNG = path
                return nil
            },
            read: { $0.display.mirrorPNG.map { .string($0) } }),
        ConfigKey(
            path: "display.night", kind: .table(["from", "to", "mode"]),
            summary:
                "{ from = \"23:00\", to = \"06:30\", mode = \"off\" | \"dim\" }; absent: never",
            apply: { value, configuration in
                guard case .table(let members) = value else {
                    return
                        "must be a table such as { from = \"23:00\", to = \"06:30\", mode = \"off\" }, not \(value.typeDescription)"
                }
                for member in members where !["from", "to", "mode"].contains(member.key) {
                    return "has an unknown key \(member.key); it takes from, to and mode"
                }
                func time(_ name: String) -> Result<TimeOfDay, RefusedValue> {
                    guard let field = value[name] else {
                        return .failure(RefusedValue(text: "needs \(name) = \"HH:MM\""))
                    }
                    guard case .string(let text) = field, let time = TimeOfDay(text) else {
                        return .failure(
                            RefusedValue(
                                text:
                                    "\(name) must be a 24-hour time such as \"06:30\", not \(field.tomlLiteral)"
                            ))
                    }
                    return .success(time)
                }
                let from: TimeOfDay
                let to: TimeOfDay
                switch (time("from"), time("to")) {
                case (.success(let start), .success(let end)):
                    from = start
                    to = end
                case (.failure(let refused), _), (_, .failure(let refused)):
                    return refused.text
                }
                var mode = NightMode.off
                if let field = value["mode"] {
                    switch checkChoice(field, NightMode.self) {
                    case .success(let chosen): mode = chosen
                    case .failure(let refused): return "mode " + refused.text
                    }
                }
                if from == to { return "from and to are both \(from): the night would never start" }
                configuration.display.night = NightWindow(from: from, to: to, mode: mode)
                return nil
            },
            read: { configuration in
                configuration.display.night.map { night in
                    .table([
                        ("from", .string(night.from.description)),
                        ("to", .string(night.to.description)),
                        ("mode", .string(night.mode.rawValue)),
                    ])
                }
            }),
    ]

    /// What `config set display.night.mode dim` starts from when no window is set: the
    /// window the summary shows, 23:00 to 06:30, with the display left on.
    public static let memberDefaults: [String: ConfigValue] = [
        "display.night": .table([
            ("from", .string("23:00")), ("to", .string("06:30")), ("mode", .string("off")),
        ])
    ]

    /// `display.pin_map`: the PCF8574 pins of the LCD's signals, members left out keep
    /// their usual pin.
    private static let pinMapKey = ConfigKey(
        path: "display.pin_map", kind: .table(BackpackPinMap.signalNames),
        summary:
            "which PCF8574 pin (0 to 7, or \"P0\" to \"P7\") drives each signal of an hd44780 LCD; signals left out keep the usual pin",
        apply: { value, configuration in
            let names = BackpackPinMap.signalNames
            guard case .table(let members) = value else {
                return
                    "must be a table such as { rs = 0, rw = 1, e = 2, backlight = 3, d4 = 4, d5 = 5, d6 = 6, d7 = 7 }, not \(value.typeDescription)"
            }
            var map = BackpackPinMap()
            for (name, member) in members {
                guard names.contains(name) else {
                    return
                        "has an unknown signal \(name); it takes \(names.joined(separator: ", "))"
                }
                guard let pin = pinNumber(member) else {
                    return
                        "\(name) must be a PCF8574 pin from 0 to 7 (or \"P0\" to \"P7\"), not \(member.tomlLiteral)"
                }
                map[signal: name] = pin
            }
            if let conflict = map.conflict {
                return
                    "puts \(conflict.first) and \(conflict.second) both on P\(conflict.pin); every signal needs a pin of its own"
            }
            configuration.display.pinMap = map
            return nil
        },
        read: { configuration in
            .table(
                BackpackPinMap.signalNames.map { name in
                    (name, .integer(configuration.display.pinMap[signal: name] ?? 0))
                })
        })

    /// A pin number from 0, 7, "0", "P7" or "p7".
    private static func pinNumber(_ value: ConfigValue) -> Int? {
        let number: Int?
        switch value {
        case .integer(let whole): number = whole
        case .string(let text):
            let digits =
                text.hasPrefix("P") || text.hasPrefix("p") ? String(text.dropFirst()) : text
            number = Int(digits)
        default: number = nil
        }
        guard let number, (0...7).contains(number) else { return nil }
        return number
    }

    /// A key that is absent unless the file sets it.
    static func optionalInteger(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, Int?> & Sendable,
        _ range: ClosedRange<Int>, summary: String
    ) -> ConfigKey {
        var key = ConfigKey(
            path: path, kind: .integer, summary: summary,
            apply: { value, configuration in
                switch checkInteger(value, range) {
                case .success(let number):
                    configuration[keyPath: keyPath] = number
                    return nil
                case .failure(let refused): return refused.text
                }
            },
            read: { $0[keyPath: keyPath].map { .integer($0) } })
        key.accepts = integerRange(range)
        key.bounds = range
        return key
    }

    /// What is wrong with the display keys together, for the kind in use: an LCD or OLED
    /// size the kiosk does not drive. `document` tells which keys the file sets, so the
    /// problem points at a line the user wrote.
    static func displayProblems(
        _ configuration: KioskConfiguration, document: [(key: String, value: ConfigValue)]
    ) -> [ConfigProblem] {
        let display = configuration.display
        let written = document.first { $0.key == "display" }?.value
        func blame(_ keys: [String]) -> ConfigPath {
            let key = keys.first { written?[$0] != nil } ?? "kind"
            return ConfigPath([.key("display"), .key(key)])
        }
        let editHint = "(to change both at once, edit the file: `weather-kiosk config edit`)"
        switch display.kind {
        case .hd44780:
            let grid = display.characterGrid
            let sizes = CharacterGridSize.supported.map(\.description)
            let listed = "\(sizes.dropLast().joined(separator: ", ")) or \(sizes.last ?? "")"
            if case .string(let text)? = written?["size"] {
                let path = ConfigPath(dotted: "display.size")
                guard let written = CharacterGridSize(parsing: text), written.rows <= 4 else {
                    return [
                        ConfigProblem(
                            path: path,
                            message:
                                "display.size is an hd44780 LCD's COLUMNSxROWS, such as \"20x4\" (\(listed)), not \"\(text)\""
                        )
                    ]
                }
                if written != grid {
                    return [
                        ConfigProblem(
                            path: path,
                            message:
                                "display.size = \"\(written)\" and display.columns and display.rows (\(grid)) disagree; keep one: `weather-kiosk config unset display.columns` and `… unset display.rows`, or `… unset display.size`"
                        )
                    ]
                }
            }
            guard !grid.isSupported else { return [] }
            return [
                ConfigProblem(
                    path: blame(["size", "rows", "columns"]),
                    message:
                        "display.columns and display.rows make a \(grid) LCD, which the kiosk does not drive; an hd44780 display is \(listed) (`weather-kiosk config set display.size 20x4` sets both at once)"
                )
            ]
        case .ssd1306, .sh1106:
            let sizes = DisplaySettings.panelSizes(for: display.kind)
            guard !sizes.contains(display.panelSize) else { return [] }
            let listed = sizes.map(\.description).joined(separator: " or ")
            return [
                ConfigProblem(
                    path: blame(["height", "width"]),
                    message:
                        "display.width and display.height make a \(display.panelSize) panel, which the kiosk does not drive on an \(display.kind.rawValue); use \(listed) \(editHint)"
                )
            ]
        case .auto, .drm, .framebuffer, .png, .terminal, .inky, .ePaper:
            return []
        }
    }
}
