import Glibc

/// Whole reads and writes on an open descriptor: standard input and output, a log file.
public enum FileDescriptor {
    /// Writes all of `text` as UTF-8, as `writeAll(_:_:)` writes bytes.
    public static func writeAll(_ descriptor: Int32, _ text: String) {
        writeAll(descriptor, Array(text.utf8))
    }

    /// Writes all of `bytes`, retrying short writes and EINTR. A failure (a closed pipe:
    /// EPIPE, with SIGPIPE ignored) ends the write quietly: the reader has gone.
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                retryingInterrupts {
                    write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                }
            }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Reads until end of input or until `limit` bytes came, whichever is first.
    /// - Returns: the bytes; nil when a read fails.
    public static func read(_ descriptor: Int32, atMost limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress, min($0.count, limit - bytes.count))
            }
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count == 0 {
                break
            } else if errno != EINTR {
                return nil
            }
        }
        return bytes
    }
}
