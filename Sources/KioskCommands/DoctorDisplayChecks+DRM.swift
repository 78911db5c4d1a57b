import FoundationEssentials
import KioskControl
import KioskCore
import LinuxPlatform

extension DoctorCommands {
    /// The DRM cards, their connectors with state and modes, and which one the kiosk would
    /// use (`display.kind = "drm"`, or `"auto"` when it chooses DRM).
    static func drmFindings(_ display: DisplaySettings, socket: String) -> [DoctorFinding] {
        let cards: [DRMCards.Card]
        do {
            cards = try DRMCards.read()
        } catch {
            return [DoctorFinding(.failure, "display", error.message)]
        }
        var findings: [DoctorFinding] = []
        for card in cards {
            guard !card.connectors.isEmpty else {
                findings.append(
                    DoctorFinding(
                        .ok, "display",
                        "\(card.device) (\(card.driver)) has no connectors (a render-only GPU)."))
                continue
            }
            for connector in card.connectors {
                findings.append(
                    DoctorFinding(
                        .ok, "display",
                        "\(card.device) (\(card.driver)): \(connectorText(connector))."))
            }
        }
        let chosen: ScreenConnector
        let mode: ScreenMode
        do {
            chosen = try ScreenChoice.connector(
                among: cards.flatMap(\.connectors), wanted: display.connector)
            mode = try ScreenChoice.mode(
                among: chosen.modes, wanted: display.mode, connector: chosen.name)
        } catch {
            return findings + [DoctorFinding(.failure, "display", error.message)]
        }
        findings.append(
            DoctorFinding(
                .ok, "display",
                "The kiosk draws on \(chosen.name) of \(chosen.card) at \(mode)\(display.connector == nil ? " (the first connector with a screen; display.connector picks another)" : "")."
            ))
        if let problem = DRMCards.masterProblem(card: chosen.card) {
            if let output = kioskOutput(on: chosen.card, socket: socket) {
                // Master is taken by the running kiosk itself: that is how it should be.
                findings.append(
                    DoctorFinding(
                        .ok, "display", "The running kiosk holds \(chosen.card): \(output)."))
            } else {
                findings.append(DoctorFinding(.warning, "display", problem))
            }
        }
        return findings + rotationFinding(display.rotate, panel: mode.size)
    }

    /// What the kiosk answering on `socket` says it draws on, when that is DRM on `card`
    /// ("HDMI-A-1 on /dev/dri/card0, 1920x1080@60 (page flips on vblank)"); nil when no kiosk
    /// answers, or it draws elsewhere: then whoever holds the card is another program.
    static func kioskOutput(on card: String, socket: String, timeout: Double = 5) -> String? {
        // No kiosk to ask (or it did not answer): the warning stands.
        guard
            case .status(let status)? = try? ControlClient(path: socket).exchange(
                .status, timeout: timeout)
        else { return nil }
        guard let output = status.display.output, output.hasPrefix("DRM: "),
            output.contains(" on \(card),")
        else { return nil }
        return String(output.dropFirst("DRM: ".count).prefix { $0 != ";" })
    }

    /// "HDMI-A-1 connected, 1920x1080@60 (preferred), 1280x720@60 and 12 more".
    private static func connectorText(_ connector: ScreenConnector) -> String {
        var text = "\(connector.name) \(connector.stateDescription)"
        guard !connector.modes.isEmpty else { return text }
        let shown = connector.modes.prefix(4).map { $0.isPreferred ? "\($0) (preferred)" : "\($0)" }
        text += ", " + shown.joined(separator: ", ")
        if connector.modes.count > shown.count {
            text += " and \(connector.modes.count - shown.count) more"
        }
        return text
    }
}
