#if Postgres
import Statecraft
import StatecraftDurable
import StatecraftTesting
import Testing

@Suite("DurableClock on a Swift Clock")
struct DurableClockTests {
    @Test func readsWholeMillisecondsSinceItsZeroRoundedDown() {
        let time = ManualClock(now: .seconds(1_000))
        let clock = DurableClock(time, since: .init(offset: .zero))
        #expect(clock.milliseconds() == 1_000_000)
        time.advance(by: .microseconds(1_999))
        #expect(clock.milliseconds() == 1_000_001)
        // A clock made later with the same zero reads the same: a reopened store agrees.
        #expect(DurableClock(time, since: .init(offset: .zero)).milliseconds() == 1_000_001)
        // Another zero shifts every reading by the same amount.
        #expect(DurableClock(time, since: .init(offset: .seconds(999))).milliseconds() == 1_001)
    }

    @Test func aZeroAfterNowReadsNegativeAndFarTimesStopAtTheLimit() {
        let time = ManualClock(now: .milliseconds(500))
        #expect(DurableClock(time, since: .init(offset: .milliseconds(1_500) + .microseconds(1))).milliseconds() == -1_001)
        let far = ManualClock(now: .seconds(Int64.max))
        #expect(DurableClock(far, since: .init(offset: .zero)).milliseconds() == .max)
    }
}
#endif
