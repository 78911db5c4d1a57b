import KioskCore
import LinuxPlatform
import Testing

/// Dumb-buffer geometry and which rows each of the two page-flipped buffers needs drawn.
@Suite struct ScreenBufferTests {
    @Test func rowsStartAtThePitchNotTheirWidth() {
        // 1366 pixels of 4 bytes are 5464 bytes; drivers align the pitch (here to 64).
        let layout = ScreenBufferLayout(width: 1366, height: 768, bitsPerPixel: 32, pitch: 5504)
        #expect(layout.rowBytes == 5464)
        #expect(layout.offset(ofRow: 2) == 11008)
        #expect(layout.byteCount == 5504 * 768)
        #expect(layout.problem(size: 5504 * 768) == nil)
        #expect(layout.problem(size: 5504 * 767) == "4221568 bytes for 768 rows of 5504")
        #expect(
            ScreenBufferLayout(width: 1366, height: 768, bitsPerPixel: 32, pitch: 5460)
                .problem(size: 1 << 30) == "a pitch of 5460 bytes for rows of 5464")
        #expect(layout.description == "1366x768 XRGB8888, pitch 5504")
    }

    @Test func bothBuffersStartWhollyStale() {
        var damage = FlipDamage(buffers: 2, height: 4)
        #expect(damage.take(buffer: 1) == [0..<4])
        #expect(damage.take(buffer: 0) == [0..<4])
        #expect(damage.take(buffer: 1) == [])
    }

    @Test func theBackBufferGetsTheRowsOfTheLastTwoFrames() {
        var damage = FlipDamage(buffers: 2, height: 10)
        _ = damage.take(buffer: 1)
        _ = damage.take(buffer: 0)
        // Frame A changes rows 2-3, drawn into buffer 1.
        damage.frameChanged(rows: [2, 3])
        #expect(damage.take(buffer: 1) == [2..<4])
        // Frame B changes row 7, drawn into buffer 0, which still shows the frame before A.
        damage.frameChanged(rows: [7])
        #expect(damage.take(buffer: 0) == [2..<4, 7..<8])
        // Frame C changes row 9; buffer 1 holds A, so it needs 7 and 9.
        damage.frameChanged(rows: [9])
        #expect(damage.take(buffer: 1) == [7..<8, 9..<10])
    }

    @Test func aScreenSetAgainIsRedrawnWhole() {
        var damage = FlipDamage(buffers: 2, height: 3)
        _ = damage.take(buffer: 0)
        _ = damage.take(buffer: 1)
        damage.invalidateAll()
        #expect(damage.take(buffer: 0) == [0..<3])
        damage.frameChanged(rows: [-1, 5])  // Outside the screen: ignored.
        #expect(damage.take(buffer: 0) == [])
    }
}
