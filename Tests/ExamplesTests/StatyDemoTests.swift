import Testing
import Synchronization
import StatecraftTesting
@testable import StatyDemo

@MainActor
@Suite("staty-demo example")
struct StatyDemoTests {
    @Test func theViewShowsTheRequestedStatesOneAfterAnotherOnTheArticlesTimeline() async throws {
        let clock = ManualClock()
        let lines = Mutex<[String]>([])
        let scene = try StatyScene(clock: clock) { line in lines.withLock { $0.append(line) } }
        scene.start()
        // Setup: loading is shown at once; the view model sleeps for a second.
        await scene.viewModel.states.settle()
        await clock.waitForSleepers(1)
        #expect(lines.withLock { $0 } == ["0.0s enter loading"])
        // One second later it asks for three states; loading starts fading out.
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers(1)
        #expect(lines.withLock { $0 } == ["0.0s enter loading", "1.0s exit-begin loading"])
        // The fade ends; content comes and goes, loading is shown again and fades out.
        clock.advance(by: .milliseconds(300))
        await clock.waitForSleepers(1)
        // The second fade ends; the error is shown.
        clock.advance(by: .milliseconds(300))
        await scene.finish()
        #expect(lines.withLock { $0 } == [
            "0.0s enter loading",
            "1.0s exit-begin loading",
            "1.3s exit-end loading",
            "1.3s enter content",
            "1.3s exit-begin content",
            "1.3s exit-end content",
            "1.3s enter loading",
            "1.3s exit-begin loading",
            "1.6s exit-end loading",
            "1.6s enter error",
        ])
        #expect(clock.sleeperCount == 0)
    }

    @Test func timesPrintWithOneDecimal() {
        #expect(format(.zero) == "0.0")
        #expect(format(.milliseconds(1_349)) == "1.3")
        #expect(format(.milliseconds(1_350)) == "1.4")
        #expect(format(.seconds(12)) == "12.0")
    }

    @Test func screensChartIsSound() throws {
        #expect(try makeScreens().warnings.isEmpty)
    }
}
