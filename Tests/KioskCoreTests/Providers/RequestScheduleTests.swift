import FoundationEssentials
import KioskCore
import Testing

/// Requests spread over the interval, stable per kiosk, never on the full hour.
struct RequestScheduleTests {
    func instant(_ text: String) -> Date {
        LocalDateTime(iso8601: text)!.instant(utcOffsetSeconds: 0)
    }

    @Test func slotsAreOneIntervalApartAtTheSameOffsetEveryTime() {
        let schedule = RequestSchedule(interval: 900, seed: "3f2a…machine-id")
        let again = RequestSchedule(interval: 900, seed: "3f2a…machine-id")
        #expect(schedule == again)
        var slot = schedule.nextSlot(atOrAfter: instant("2026-04-14T10:00:00"))
        for _ in 0..<200 {
            let next = schedule.nextSlot(atOrAfter: slot.addingTimeInterval(1))
            #expect(next.timeIntervalSince(slot) == 900)
            slot = next
        }
        #expect(schedule.nextSlot(atOrAfter: slot) == slot)
    }

    @Test func noSlotIsWithinAMinuteOfAFullHourOrOnTheQuarterHour() {
        for seed in (0..<300).map({ "kiosk-\($0)" }) {
            for minutes in [5.0, 7, 10, 13, 15, 20, 25, 30, 45, 60, 90] {
                let schedule = RequestSchedule(interval: minutes * 60, seed: seed)
                var slot = schedule.nextSlot(atOrAfter: instant("2026-04-14T00:00:00"))
                for _ in 0..<30 {
                    let intoHour = slot.timeIntervalSince1970.truncatingRemainder(dividingBy: 3600)
                    #expect(
                        intoHour >= 60 && intoHour <= 3540, "\(seed) every \(minutes) min: \(slot)")
                    if minutes == 15 {
                        #expect(intoHour.truncatingRemainder(dividingBy: 900) != 0)
                    }
                    slot = schedule.nextSlot(atOrAfter: slot.addingTimeInterval(1))
                }
            }
        }
    }

    @Test func kiosksSpreadOverTheWholeInterval() {
        let offsets = (0..<1000).map { RequestSchedule(interval: 900, seed: "kiosk-\($0)").offset }
        #expect(offsets.allSatisfy { $0 >= 60 && $0 < 840 })
        // Every minute of the usable 13 gets some kiosks: a flat curve, not a sawtooth.
        let minutes = Set(offsets.map { Int($0 / 60) })
        #expect(minutes == Set(1...13))
        var counts = [Int: Int]()
        for offset in offsets { counts[Int(offset / 60), default: 0] += 1 }
        #expect(counts.values.allSatisfy { $0 > 30 && $0 < 120 })
    }

    @Test func aTinyOrBrokenIntervalIsAMinute() {
        for interval in [0, -5, 30, Double.nan, .infinity] {
            let schedule = RequestSchedule(interval: interval, seed: "x")
            #expect(schedule.interval == 60)
            #expect(schedule.offset == 30)
        }
    }

    @Test func theOffsetIsTheSameOnEveryMachine() {
        // FNV-1a of "a" is 0xaf63dc4c8601ec8c (its published test vector); SplitMix64's
        // finaliser makes it 0x02c0bdbf481420f8 (worked out independently in Python), which
        // puts the slots 68 s into each quarter hour.
        #expect(RequestSchedule(interval: 900, seed: "a").offset == 68)
    }
}
