import CDRM
import Glibc
import KioskCore

/// A dumb buffer registered as a DRM framebuffer and mapped into memory.
struct DRMBuffer {
    var handle: UInt32
    var framebuffer: UInt32
    var memory: UnsafeMutableRawPointer
    var size: Int
}

/// The objects one screen is made of on an open card: the connector, the CRTC that scans
/// out to it, the mode, and what the CRTC showed before (restored on close).
struct DRMScanout {
    var connectorID: UInt32
    var crtcID: UInt32
    var mode: drmModeModeInfo
    var dpmsProperty: UInt32?
    var previousCRTC: UnsafeMutablePointer<drmModeCrtc>?

    /// Finds the connector `connector` names on the card open as `descriptor`, its CRTC,
    /// the mode and the DPMS property.
    static func find(
        descriptor: Int32, connector wanted: ScreenConnector, mode: ScreenMode
    ) throws(DeviceError) -> DRMScanout {
        let card = wanted.card
        guard let resources = drmModeGetResources(descriptor) else {
            throw DeviceError(
                "read the connectors of", device: card, errorNumber: errno,
                hint: "is it a display (KMS) card?")
        }
        defer { drmModeFreeResources(resources) }
        let connectorIDs = (0..<Int(resources.pointee.count_connectors)).map {
            resources.pointee.connectors[$0]
        }
        let crtcIDs = (0..<Int(resources.pointee.count_crtcs)).map { resources.pointee.crtcs[$0] }
        for id in connectorIDs {
            guard let connector = drmModeGetConnector(descriptor, id) else { continue }
            defer { drmModeFreeConnector(connector) }
            guard DRMCards.name(of: connector.pointee) == wanted.name else { continue }
            guard
                let modeInfo = (0..<Int(connector.pointee.count_modes)).lazy.map({
                    connector.pointee.modes[$0]
                }).first(where: { DRMCards.screenMode($0) == mode })
            else {
                throw DeviceError(
                    device: card,
                    message: "\(wanted.name) on \(card) no longer offers \(mode); try again.")
            }
            guard let crtc = crtcID(for: connector, descriptor: descriptor, crtcs: crtcIDs) else {
                throw DeviceError(
                    device: card,
                    message:
                        "No CRTC of \(card) can drive \(wanted.name); every one is in use by another connector (set display.connector to the one in use)."
                )
            }
            return DRMScanout(
                connectorID: id, crtcID: crtc, mode: modeInfo,
                dpmsProperty: property(named: "DPMS", of: id, descriptor: descriptor),
                previousCRTC: drmModeGetCrtc(descriptor, crtc))
        }
        throw DeviceError(device: card, message: "\(wanted.name) is no longer on \(card).")
    }

    /// The CRTC the connector's encoder drives now, else the first free one it can use.
    private static func crtcID(
        for connector: UnsafeMutablePointer<drmModeConnector>, descriptor: Int32,
        crtcs: [UInt32]
    ) -> UInt32? {
        if connector.pointee.encoder_id != 0,
            let encoder = drmModeGetEncoder(descriptor, connector.pointee.encoder_id)
        {
            defer { drmModeFreeEncoder(encoder) }
            if encoder.pointee.crtc_id != 0 { return encoder.pointee.crtc_id }
        }
        for index in 0..<Int(connector.pointee.count_encoders) {
            guard let encoder = drmModeGetEncoder(descriptor, connector.pointee.encoders[index])
            else { continue }
            defer { drmModeFreeEncoder(encoder) }
            for (position, crtc) in crtcs.enumerated()
            where encoder.pointee.possible_crtcs & (1 << UInt32(position)) != 0 {
                return crtc
            }
        }
        return nil
    }

    /// The id of a connector's property, such as "DPMS".
    private static func property(named name: String, of connector: UInt32, descriptor: Int32)
        -> UInt32?
    {
        guard
            let properties = drmModeObjectGetProperties(
                descriptor, connector, CDRM_MODE_OBJECT_CONNECTOR)
        else { return nil }
        defer { drmModeFreeObjectProperties(properties) }
        for index in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(descriptor, properties.pointee.props[index])
            else { continue }
            defer { drmModeFreeProperty(property) }
            let propertyName = withUnsafeBytes(of: property.pointee.name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if propertyName == name { return property.pointee.prop_id }
        }
        return nil
    }

    /// Makes a black XRGB8888 dumb buffer of the mode's size, registered and mapped.
    static func makeBuffer(descriptor: Int32, width: Int, height: Int, card: String)
        throws(DeviceError) -> (DRMBuffer, ScreenBufferLayout)
    {
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        guard
            CDRM_create_dumb(
                descriptor, UInt32(width), UInt32(height), 32, &handle, &pitch, &size) == 0
        else {
            throw DeviceError(
                "create a \(width)x\(height) buffer on", device: card, errorNumber: errno)
        }
        let layout = ScreenBufferLayout(
            width: width, height: height, bitsPerPixel: 32, pitch: Int(pitch))
        var framebuffer: UInt32 = 0
        var offset: UInt64 = 0
        var failure: DeviceError?
        if let problem = layout.problem(size: Int(size)) {
            failure = DeviceError(
                device: card, message: "Cannot draw on \(card): the driver gave \(problem).")
        } else if drmModeAddFB(
            descriptor, UInt32(width), UInt32(height), 24, 32, pitch, handle,
            &framebuffer) != 0
        {
            failure = DeviceError("register a buffer with", device: card, errorNumber: errno)
        } else if CDRM_map_dumb(descriptor, handle, &offset) != 0 {
            failure = DeviceError("map a buffer of", device: card, errorNumber: errno)
        }
        if failure == nil,
            let memory = mmap(
                nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, off_t(offset)),
            memory != MAP_FAILED
        {
            memset(memory, 0, Int(size))
            return (
                DRMBuffer(
                    handle: handle, framebuffer: framebuffer, memory: memory, size: Int(size)),
                layout
            )
        }
        let error =
            failure ?? DeviceError("map a buffer of", device: card, errorNumber: errno)
        if framebuffer != 0 { drmModeRmFB(descriptor, framebuffer) }
        _ = CDRM_destroy_dumb(descriptor, handle)
        throw error
    }

    /// Unmaps, unregisters and frees a buffer.
    static func free(_ buffer: DRMBuffer, descriptor: Int32) {
        munmap(buffer.memory, buffer.size)
        drmModeRmFB(descriptor, buffer.framebuffer)
        _ = CDRM_destroy_dumb(descriptor, buffer.handle)
    }

    /// Programs the CRTC to scan `framebuffer` out to the connector in the mode.
    func set(descriptor: Int32, framebuffer: UInt32) -> Bool {
        var connector = connectorID
        var modeInfo = mode
        return drmModeSetCrtc(descriptor, crtcID, framebuffer, 0, 0, &connector, 1, &modeInfo)
            == 0
    }

    /// Gives the CRTC back what it showed before (the console), if it showed anything.
    func restore(descriptor: Int32) {
        guard let previous = previousCRTC else { return }
        if previous.pointee.buffer_id != 0, previous.pointee.mode_valid != 0 {
            var connector = connectorID
            var modeInfo = previous.pointee.mode
            _ = drmModeSetCrtc(
                descriptor, previous.pointee.crtc_id, previous.pointee.buffer_id,
                previous.pointee.x, previous.pointee.y, &connector, 1, &modeInfo)
        }
    }

    /// Frees the saved CRTC state.
    mutating func release() {
        if let previous = previousCRTC { drmModeFreeCrtc(previous) }
        previousCRTC = nil
    }
}
