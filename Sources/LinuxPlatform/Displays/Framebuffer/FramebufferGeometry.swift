import CLinux
import Glibc
public import Pixels

/// Where the visible picture lies in a framebuffer's memory and how its pixels are laid out.
public struct FramebufferGeometry: Sendable, Hashable, CustomStringConvertible {
    /// Visible width in pixels (`xres`).
    public var width: Int
    /// Visible height in pixels (`yres`).
    public var height: Int
    /// Bytes from the start of one row to the start of the next (`line_length`); may be
    /// more than `width × bytes per pixel`.
    public var lineLength: Int
    /// The pixel layout.
    public var format: PixelFormat
    /// The visible area's first column in the virtual screen (`xoffset`).
    public var xOffset: Int
    /// The visible area's first row in the virtual screen (`yoffset`).
    public var yOffset: Int

    /// Creates a geometry.
    public init(
        width: Int, height: Int, lineLength: Int, format: PixelFormat, xOffset: Int = 0,
        yOffset: Int = 0
    ) {
        self.width = width
        self.height = height
        self.lineLength = lineLength
        self.format = format
        self.xOffset = xOffset
        self.yOffset = yOffset
    }

    /// Bytes of one visible row.
    public var rowBytes: Int { width * format.bytesPerPixel }

    /// Where visible row `row` starts in the memory.
    public func offset(ofRow row: Int) -> Int {
        (yOffset + row) * lineLength + xOffset * format.bytesPerPixel
    }

    /// The memory the visible area needs, up to the end of its last row.
    public var requiredBytes: Int { offset(ofRow: height - 1) + rowBytes }

    /// "800x480 RGB565, line_length 1600".
    public var description: String {
        "\(width)x\(height) \(format), line_length \(lineLength)"
    }

    /// Checks that the numbers make sense together.
    /// - Throws: `DeviceError` naming `device` when they do not.
    func validate(device: String) throws(DeviceError) {
        guard width > 0, height > 0, xOffset >= 0, yOffset >= 0 else {
            throw DeviceError(
                device: device,
                message: "Cannot use \(device): it reports a \(width)x\(height) screen.")
        }
        guard lineLength >= (xOffset + width) * format.bytesPerPixel else {
            throw DeviceError(
                device: device,
                message:
                    "Cannot use \(device): its line_length \(lineLength) is shorter than a row of \(width) pixels at \(format.bitsPerPixel) bits."
            )
        }
    }

    /// The geometry the kernel reports for an open framebuffer, and its memory size.
    /// - Throws: `DeviceError` when the ioctls fail or the pixel format is not one the
    ///   kiosk draws.
    static func read(descriptor: Int32, device: String) throws(DeviceError)
        -> (geometry: FramebufferGeometry, memoryLength: Int)
    {
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        if CLinux_fb_get_variable_info(descriptor, &variable) != 0 {
            throw DeviceError(
                "read the screen information of", device: device, errorNumber: errno,
                hint: "is it a framebuffer device (/dev/fbN)?")
        }
        if CLinux_fb_get_fixed_info(descriptor, &fixed) != 0 {
            throw DeviceError(
                "read the screen information of", device: device, errorNumber: errno,
                hint: "is it a framebuffer device (/dev/fbN)?")
        }
        let depth = Int(variable.bits_per_pixel)
        let packed = fixed.type == CLinux_FB_TYPE_PACKED_PIXELS
        let trueColour =
            fixed.visual == CLinux_FB_VISUAL_TRUECOLOR
            || fixed.visual == CLinux_FB_VISUAL_DIRECTCOLOR
        func channel(_ field: fb_bitfield) -> ColorChannel {
            ColorChannel(offset: Int(field.offset), length: Int(field.length))
        }
        let msbRight =
            variable.red.msb_right != 0 || variable.green.msb_right != 0
            || variable.blue.msb_right != 0
        guard packed, trueColour, !msbRight,
            let format = PixelFormat(
                bitsPerPixel: depth, red: channel(variable.red), green: channel(variable.green),
                blue: channel(variable.blue))
        else {
            throw unsupported(device: device, depth: depth)
        }
        let geometry = FramebufferGeometry(
            width: Int(variable.xres), height: Int(variable.yres),
            lineLength: Int(fixed.line_length), format: format, xOffset: Int(variable.xoffset),
            yOffset: Int(variable.yoffset))
        try geometry.validate(device: device)
        return (geometry, Int(fixed.smem_len))
    }

    /// The error for a pixel format the kiosk does not draw.
    static func unsupported(device: String, depth: Int) -> DeviceError {
        DeviceError(
            device: device,
            message:
                "Cannot draw on \(device): its \(depth)-bit pixel format is not supported; weather-kiosk draws true colour at 16, 24 or 32 bits per pixel (set it with `fbset -depth 16` or `fbset -depth 32`)."
        )
    }

    /// The error for a failed `open` of a framebuffer, with the usual ways out.
    static func openError(device: String, errorNumber: Int32) -> DeviceError {
        switch errorNumber {
        case ENOENT, ENODEV, ENXIO:
            return DeviceError(
                "open", device: device, errorNumber: errorNumber,
                hint:
                    "is the display connected and its driver loaded (an SPI screen needs its dtoverlay in /boot/firmware/config.txt)? `ls /dev/fb*` lists the framebuffers"
            )
        case EACCES, EPERM:
            return DeviceError(
                "open", device: device, errorNumber: errorNumber,
                hint:
                    "add the user to the group video (`sudo usermod -aG video $USER`) and log in again"
            )
        default:
            return DeviceError("open", device: device, errorNumber: errorNumber)
        }
    }
}
