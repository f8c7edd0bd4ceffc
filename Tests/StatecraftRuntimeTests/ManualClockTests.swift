import Testing
import StatecraftTesting

@Suite("ManualClock")
struct ManualClockTests {
    @Test func timeMovesOnlyWhenAdvanced() {
        let clock = ManualClock()
        #expect(clock.now.offset == .zero)
        clock.advance(by: .milliseconds(300))
        clock.advance(by: .seconds(-1))
        #expect(clock.elapsed == .milliseconds(300))
        clock.advance(to: .init(offset: .seconds(2)))
        clock.advance(to: .init(offset: .seconds(1)))
        #expect(clock.now == .init(offset: .seconds(2)))
        #expect(clock.minimumResolution == .zero)
    }

    @Test func sleepersWakeWhenTheirDeadlineComes() async {
        let clock = ManualClock()
        let woke = Signal()
        await withTaskGroup(of: Void.self) { group in
            for (name, seconds) in [("late", 3), ("early", 1), ("middle", 2)] {
                group.addTask {
                    try? await clock.sleep(for: .seconds(seconds))
                    woke.send("\(name) at \(clock.now)")
                }
            }
            await clock.waitForSleepers(3)
            clock.advance(by: .milliseconds(999))
            #expect(clock.sleeperCount == 3)
            clock.advance(by: .milliseconds(1))
            #expect(clock.sleeperCount == 2)
            #expect(await woke.next() == ["early at 1.0 seconds"])
            clock.advance(to: .init(offset: .seconds(2)))
            #expect(await woke.next() == ["middle at 2.0 seconds"])
            clock.advance(by: .seconds(5))
            #expect(await woke.next() == ["late at 7.0 seconds"])
            await group.waitForAll()
        }
    }

    @Test func advancingPastSeveralDeadlinesWakesEverySleeper() async {
        let clock = ManualClock()
        let woke = Lines()
        let first = Task {
            try? await clock.sleep(for: .seconds(2))
            woke.append("second deadline")
        }
        await clock.waitForSleepers(1)
        let second = Task {
            try? await clock.sleep(for: .seconds(1))
            woke.append("first deadline")
        }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(3))
        await first.value
        await second.value
        #expect(Set(woke.all) == ["first deadline", "second deadline"])
        #expect(clock.sleeperCount == 0)
    }

    @Test func aDeadlineThatHasPassedReturnsAtOnce() async throws {
        let clock = ManualClock(now: .seconds(10))
        try await clock.sleep(until: .init(offset: .seconds(5)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperThrowsAndRemovesIt() async {
        let clock = ManualClock()
        let sleeper = Task {
            try await clock.sleep(for: .seconds(1))
        }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        #expect(clock.sleeperCount == 0)
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test func aTaskCancelledBeforeItSleepsDoesNotSleep() async {
        let clock = ManualClock()
        let gate = Gate()
        let sleeper = Task {
            await gate.wait()
            try await clock.sleep(for: .seconds(1))
        }
        sleeper.cancel()
        gate.open()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func instantsCompareAndMeasure() {
        let start = ManualClock.Instant(offset: .seconds(1))
        let later = start.advanced(by: .milliseconds(500))
        #expect(start < later)
        #expect(start.duration(to: later) == .milliseconds(500))
        #expect(later.description == "1.5 seconds")
    }
}
