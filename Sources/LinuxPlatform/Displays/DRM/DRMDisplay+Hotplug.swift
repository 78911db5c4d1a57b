import CDRM
import Glibc
import KioskCore
import Pixels
import Synchronization

// Screens plugged in and out while the kiosk runs, and the master error.
extension DRMDisplay {
    func startWatchingHotplug() {
        do {
            let watcher = try DRMHotplugMonitor(card: card) { [weak self] name in
                guard let self else { return }
                if let name, !self.card.hasSuffix("/\(name)") { return }
                self.connectorsChanged()
            }
            monitor.withLock { $0 = watcher }
        } catch {
            state.withLock {
                $0.hotplugProblem =
                    "\(error.message.dropLast()); a screen plugged in later is not noticed."
            }
        }
    }

    /// Looks at the connector again after a hotplug event: notes it gone, or sets the mode
    /// again and draws the newest frame when it is back.
    func connectorsChanged() {
        state.withLock { state in
            guard state.descriptor >= 0,
                let current = drmModeGetConnector(state.descriptor, state.scanout.connectorID)
            else { return }
            defer { drmModeFreeConnector(current) }
            let now = DRMCards.screenConnector(current.pointee, card: card)
            let connected = now.isConnected != false && !now.modes.isEmpty
            guard connected != state.connected else { return }
            state.connected = connected
            guard connected else { return }
            // Back: the same mode again, the buffers' content is lost to the screen.
            state.damage.invalidateAll()
            state.dpmsOff = false
            guard now.modes.contains(mode) else {
                state.hotplugProblem =
                    "The screen now on \(connector.name) does not offer \(mode); restart the kiosk (`sudo systemctl restart weather-kiosk`) to use its \(now.modes.first(where: \.isPreferred) ?? now.modes[0])."
                return
            }
            state.hotplugProblem = nil
            guard
                state.scanout.set(
                    descriptor: state.descriptor,
                    framebuffer: state.buffers[state.front].framebuffer)
            else { return }
            guard let frame = state.lastFrame else { return }
            do {
                switch state.power {
                case .off:
                    if let property = state.scanout.dpmsProperty,
                        drmModeConnectorSetProperty(
                            state.descriptor, state.scanout.connectorID, property,
                            CDRM_DPMS_OFF) == 0
                    {
                        state.dpmsOff = true
                    }
                case .dim: try draw(frame.dimmed(to: PixelImage.dimBrightness), &state)
                case .on: try draw(frame, &state)
                }
            } catch {
                // Nobody waits on this thread: the next frame tries again, and status says why.
                state.hotplugProblem = "\(error)"
            }
        }
    }

    /// The error when another program is DRM master, naming it when it can.
    static func masterError(card: String, errorNumber: Int32) -> DeviceError {
        let holders = DRMCards.holders(of: card)
        let who =
            holders.isEmpty
            ? "another program (a desktop session, another kiosk, a second weather-kiosk?)"
            : holders.joined(separator: ", ")
        return DeviceError(
            device: card,
            message:
                "Cannot draw on \(card): \(who) holds it as DRM master (\(systemMessage(errorNumber))); stop it (`sudo systemctl disable --now lightdm` for a desktop) or set display.kind = \"framebuffer\"."
        )
    }
}
