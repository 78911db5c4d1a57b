import KioskTesting
import Testing

@testable import LinuxPlatform

/// Kernel uevents as the DRM display's hotplug thread reads them.
@Suite struct DRMHotplugTests {
    private func datagram(_ parts: [String]) -> [UInt8] {
        parts.flatMap { Array($0.utf8) + [0] }
    }

    @Test func aConnectorChangeOfACardIsAHotplug() throws {
        let event = try #require(
            Uevent(
                datagram([
                    "change@/devices/pci0000:00/0000:00:01.0/drm/card0", "ACTION=change",
                    "DEVPATH=/devices/pci0000:00/0000:00:01.0/drm/card0", "SUBSYSTEM=drm",
                    "HOTPLUG=1", "CONNECTOR=36", "DEVNAME=dri/card0", "SEQNUM=2291",
                ])))
        #expect(event.isDRMHotplug)
        #expect(event.cardName == "card0")
        #expect(event.fields["CONNECTOR"] == "36")
    }

    @Test func aSyntheticChangeOfACardCounts() throws {
        let event = try #require(
            Uevent(
                datagram([
                    "change@/devices/pci0000:00/0000:00:02.0/drm/card0", "ACTION=change",
                    "SUBSYSTEM=drm", "DEVNAME=dri/card0",
                    "SYNTH_UUID=0",
                ])))
        #expect(event.isDRMHotplug)
    }

    @Test func otherEventsAreNot() throws {
        let input = try #require(
            Uevent(
                datagram(["add@/devices/virtual/input/input9", "ACTION=add", "SUBSYSTEM=input"])))
        #expect(!input.isDRMHotplug)
        let drmWithoutHotplug = try #require(
            Uevent(
                datagram([
                    "add@/devices/x/drm/card1", "ACTION=add", "SUBSYSTEM=drm", "DEVNAME=dri/card1",
                ])))
        #expect(!drmWithoutHotplug.isDRMHotplug)
        let renderNode = try #require(
            Uevent(
                datagram([
                    "change@/devices/x/drm/renderD128", "ACTION=change", "SUBSYSTEM=drm",
                    "DEVNAME=dri/renderD128",
                ])))
        #expect(!renderNode.isDRMHotplug)
        #expect(Uevent(datagram(["libudev", "SUBSYSTEM=drm", "HOTPLUG=1"])) == nil)
        #expect(Uevent([UInt8]()) == nil)
    }

    @Test func theCardsAreListedInNumericOrder() {
        let temporary = TemporaryDirectory()
        defer { temporary.remove() }
        let directory = temporary.path
        for name in ["card10", "card2", "renderD128", "card0", "cardX"] {
            temporary.write(name, "")
        }
        #expect(
            DRMCards.devices(in: directory) == [
                "\(directory)/card0", "\(directory)/card2", "\(directory)/card10",
            ])
        #expect(DRMCards.devices(in: "\(directory)/missing") == [])
    }
}
