import Testing
import Synchronization
@testable import MediaPlayer

@Suite("media-player example")
struct MediaPlayerTests {
    @Test func sessionPrintsTheConfigurationAfterEachStep() {
        let lines = Mutex<[String]>([])
        runExample { line in lines.withLock { $0.append(line) } }
        #expect(lines.withLock { $0 } == [
            "0.0s start",
            "      now off",
            "0.0s power: off -> resume",
            "      now on, playback, stopped, audio, loud",
            "0.0s play: stopped -> buffering",
            "      now on, playback, buffering, audio, loud",
            "1.0s wait 1s: nothing fired",
            "      now on, playback, buffering, audio, loud",
            "2.0s wait 1s: buffering -> playing",
            "      now on, playback, playing, audio, loud",
            "2.0s mute: loud -> muted",
            "      now on, playback, playing, audio, muted",
            "2.0s pause: playing -> paused",
            "      now on, playback, paused, audio, muted",
            "2.0s power: on -> off",
            "      now off",
            "2.0s power: off -> resume",
            "      now on, playback, paused, audio, muted",
            "2.0s play: paused -> playing",
            "      now on, playback, playing, audio, muted",
            "2.0s unmute: muted -> loud",
            "      now on, playback, playing, audio, loud",
            "2.0s stop: playing -> stopped",
            "      now on, playback, stopped, audio, loud",
            "2.0s pause: rejected: no transition on 'pause' in state 'on'",
            "      now on, playback, stopped, audio, loud",
            "tracks started: 2",
        ])
    }

    @Test func playerChartIsSound() throws {
        #expect(try makePlayer().warnings.isEmpty)
    }

    @Test func durationsPrintWithOneDecimal() {
        #expect(format(.zero) == "0.0")
        #expect(format(.milliseconds(1_950)) == "2.0")
        #expect(format(.milliseconds(1_949)) == "1.9")
        #expect(format(.seconds(12)) == "12.0")
    }
}
