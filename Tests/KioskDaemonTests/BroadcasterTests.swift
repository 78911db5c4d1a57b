import KioskCore
import Testing

@testable import KioskDaemon

/// The snapshot stream's broadcaster: the latest value to late followers, newest-only for
/// slow ones, no unbounded buffer, and an end for all.
@Suite struct BroadcasterTests {
    @Test func aLateFollowerGetsTheLatestValueFirst() async {
        let broadcaster = Broadcaster<Int>()
        broadcaster.publish(1)
        broadcaster.publish(2)
        var late = broadcaster.values().makeAsyncIterator()
        #expect(await late.next() == 2)
        broadcaster.publish(3)
        #expect(await late.next() == 3)
    }

    @Test func aSlowFollowerSkipsToTheNewestAndOthersAreNotHeldUp() async {
        let broadcaster = Broadcaster<Int>()
        var slow = broadcaster.values().makeAsyncIterator()
        var quick = broadcaster.values().makeAsyncIterator()
        #expect(broadcaster.followerCount == 2)
        for value in 1...1000 {
            broadcaster.publish(value)
            if value % 100 == 0 { #expect(await quick.next() == value) }
        }
        #expect(await slow.next() == 1000, "one value kept, not a backlog of a thousand")
    }

    @Test func finishEndsEveryFollowerAndLaterOnesGetTheLastValue() async {
        let broadcaster = Broadcaster<String>()
        let following = Task {
            var seen: [String] = []
            for await value in broadcaster.values() { seen.append(value) }
            return seen
        }
        for _ in 0..<10_000 where broadcaster.followerCount == 0 { await Task.yield() }
        broadcaster.publish("on")
        broadcaster.finish()
        let seen = await following.value
        #expect(seen.last == "on")
        var later = broadcaster.values().makeAsyncIterator()
        #expect(await later.next() == "on")
        #expect(await later.next() == nil)
        broadcaster.publish("ignored")
        #expect(broadcaster.latest == "on")
    }

    @Test func aFollowerThatStopsIsForgotten() async {
        let broadcaster = Broadcaster<Int>()
        let following = Task {
            for await _ in broadcaster.values() {}
        }
        for _ in 0..<10_000 where broadcaster.followerCount == 0 { await Task.yield() }
        #expect(broadcaster.followerCount == 1)
        following.cancel()
        await following.value
        #expect(broadcaster.followerCount == 0)
    }
}
