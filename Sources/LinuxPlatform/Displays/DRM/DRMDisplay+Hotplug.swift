import CDRM
import CLinux
import Glibc
import KioskCore
import Pixels
import Synchronization

// Screens plugged in and out while the kiosk runs, switches to other virtual terminals, and
// the master error.
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
            guard now.modes.contains(mode) else {
                state.hotplugProblem =
                    "The screen now on \(connector.name) does not offer \(mode); restart the kiosk (`sudo systemctl restart weather-kiosk`) to use its \(now.modes.first(where: \.isPreferred) ?? now.modes[0])."
                return
            }
            state.hotplugProblem = nil
            // On another VT the console has the screen; the switch back draws.
            guard !state.switchedAway else { return }
            showAgain(&state)
        }
    }

    /// The screen is the kiosk's again (plugged back in, its VT shown again): its content
    /// was lost, so the mode is set with the buffer last shown and the newest frame drawn as
    /// the power says (or DPMS set off again).
    func showAgain(_ state: inout State) {
        state.damage.invalidateAll()
        state.dpmsOff = false
        guard
            state.scanout.set(
                descriptor: state.descriptor, framebuffer: state.buffers[state.front].framebuffer)
        else { return }
        guard let frame = state.lastFrame else { return }
        do {
            switch state.power {
            case .off:
                if let property = state.scanout.dpmsProperty,
                    drmModeConnectorSetProperty(
                        state.descriptor, state.scanout.connectorID, property, CDRM_DPMS_OFF) == 0
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

    /// Follows switches away from and back to the VT of `console` (see `VTSwitchMonitor`).
    func followSwitches(of console: Int32) {
        let watch = VTSwitchMonitor(console: console, card: card) { [weak self] signal in
            self?.virtualTerminalSignal(signal, console: console)
        }
        vtSwitches.withLock { $0 = watch }
    }

    /// Another VT is to be shown: DRM master is let go and the kernel told to switch. The
    /// kiosk's VT is back: master taken again and the picture shown. A stray SIGUSR1 (no
    /// switch asked for) keeps the screen; a stray SIGUSR2 changes nothing.
    func virtualTerminalSignal(_ signal: Int32, console: Int32) {
        state.withLock { state in
            guard state.descriptor >= 0 else { return }
            if signal == VTSwitchMonitor.release {
                guard !state.switchedAway else { return }
                // Noted first: the switch completes inside VT_RELDISP, and `status` may be
                // asked the moment it has.
                state.switchedAway = true
                // The console's own framebuffer back on the screen (as at exit): not every
                // driver's console sets its mode again on the switch (virtio-gpu does not).
                state.scanout.restore(descriptor: state.descriptor)
                _ = drmDropMaster(state.descriptor)
                guard CLinux_vt_release(console) == 0 else {
                    _ = drmSetMaster(state.descriptor)
                    state.switchedAway = false
                    return
                }
            } else if signal == VTSwitchMonitor.acquire {
                _ = CLinux_vt_acknowledge(console)
                guard state.switchedAway else { return }
                state.switchedAway = false
                if drmIsMaster(state.descriptor) == 0, drmSetMaster(state.descriptor) != 0 {
                    state.vtProblem = Self.masterError(card: card, errorNumber: errno).message
                    return
                }
                state.vtProblem = nil
                guard state.connected else { return }
                showAgain(&state)
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
