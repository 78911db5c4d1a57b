// The keys of the [display] table.

extension ConfigSchema {
    static let displayKeys: [ConfigKey] = [
        choice(
            "display.kind", \.display.kind,
            summary: "framebuffer | hd44780 | ssd1306 | sh1106 | png | terminal"),
        text(
            "display.device", \.display.device,
            summary: "device path, or the PNG file for kind = \"png\"", check: nonEmpty),
        ConfigKey(
            path: "display.pages", kind: .stringList,
            summary: "pages to cycle through: city, hourly, indoor, map",
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
                    return "must name at least one page (city, hourly, indoor, map)"
                }
                configuration.display.pages = pages
                return nil
            },
            read: { .array($0.display.pages.map { .string($0.rawValue) }) }),
        integer(
            "display.cycle_seconds", \.display.cycleSeconds, 2...3600, unit: "seconds",
            summary: "seconds each page stays up"),
        integer(
            "display.resume_after_seconds", \.display.resumeAfterSeconds, 0...86400,
            unit: "seconds", summary: "pause after a button press before cycling resumes"),
        choice("display.theme", \.display.theme, summary: "dark | light"),
        ConfigKey(
            path: "display.size", kind: .string,
            summary: "picture size WIDTHxHEIGHT for kind = \"png\" and \"terminal\"",
            apply: { value, configuration in
                guard case .string(let text) = value, let size = PixelSize(parsing: text) else {
                    return
                        "must be WIDTHxHEIGHT with each from 16 to 8192, such as \"800x480\", not \(value.tomlLiteral)"
                }
                configuration.display.size = size
                return nil
            },
            read: { .string($0.display.size.description) }),
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
}
