import Testing
@testable import MediaPlayer
@testable import Turnstile

/// Runs an example's `--simulate` on `script`: its output lines, its error lines, its status.
private typealias Simulator = @Sendable (AnyIterator<String>, Bool, (String) -> Void, (String) -> Void) -> Int32

private let turnstile: Simulator = { Turnstile.runSimulation(lines: $0, json: $1, write: $2, error: $3) }
private let player: Simulator = { MediaPlayer.runSimulation(lines: $0, json: $1, write: $2, error: $3) }

private func simulate(
    _ run: Simulator,
    _ script: String,
    json: Bool = false
) -> (lines: [String], errors: [String], status: Int32) {
    var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).makeIterator()
    var output: [String] = []
    var errors: [String] = []
    let status = run(AnyIterator { lines.next() }, json, { output.append($0) }, { errors.append($0) })
    return (output, errors, status)
}

@Suite("Examples simulate: the statecraft simulate lines for typed charts")
struct ExampleSimulationTests {
    @Test func turnstileReadsEventsWithJSONPayloads() {
        let result = simulate(turnstile, """
            push
            coin {"cents": 10}
            # enough now
            coin {"cents": 25}
            push
            kick
            """)
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.lines == [
            "0: (start) -> locked",
            "1: push -> locked",
            #"2: coin {"cents": 10} -> locked"#,
            #"4: coin {"cents": 25} -> unlocked"#,
            "5: push -> locked",
            "6: kick -> broken",
        ])
    }

    @Test func turnstileWritesJSONLinesWithDone() {
        let result = simulate(turnstile, "kick", json: true)
        #expect(result.lines == [
            #"{"line": 0, "input": null, "configuration": ["locked"], "done": false}"#,
            #"{"line": 1, "input": "kick", "configuration": ["broken"], "done": true}"#,
        ])
    }

    @Test func turnstileRefusesUnknownNamesAndWrongData() {
        let unknown = simulate(turnstile, "push\nwave\npush")
        #expect(unknown.status == 2)
        #expect(unknown.lines == ["0: (start) -> locked", "1: push -> locked"])
        #expect(unknown.errors == ["error: script:2:1: 'wave' is not an event of this machine; it knows coin, push, kick"])
        let missing = simulate(turnstile, "coin")
        #expect(missing.errors == [#"error: script:1:1: 'coin' needs data: write it as 'coin {"cents": 25}'"#])
        let wrong = simulate(turnstile, #"coin {"cents": "many"}"#)
        #expect(wrong.errors.first?.contains(#"'coin' cannot take the data {"cents":"many"}"#) == true)
        let badJSON = simulate(turnstile, "coin {")
        #expect(badJSON.status == 2)
        #expect(badJSON.errors.first?.hasPrefix("error: script:1:7: the data of 'coin' is not JSON") == true)
    }

    @Test func mediaPlayerFiresATimerAheadOfItsDeadlineWithWaitFor() {
        let result = simulate(player, "power\nplay\nwait for after #0 of buffering\nwait for after #0 of buffering\n")
        #expect(result.lines == [
            "0: (start) -> off",
            "1: power -> stopped, loud",
            "2: play -> buffering, loud",
            "3: wait for after #0 of buffering -> playing, loud",
        ])
        #expect(result.errors == ["error: script:4:1: 'wait for after #0 of buffering': no timer of that name is pending; none is"])
        #expect(result.status == 2)
    }

    @Test func mediaPlayerWaitsOnItsOwnClock() {
        let result = simulate(player, "power\nplay\nwait 1.5s\nwait 500ms\nmute\npower\npower\n")
        #expect(result.status == 0)
        #expect(result.lines == [
            "0: (start) -> off",
            "1: power -> stopped, loud",
            "2: play -> buffering, loud",
            "3: wait 1.5s -> buffering, loud",
            "4: wait 500ms -> playing, loud",
            "5: mute -> playing, muted",
            "6: power -> off",
            "7: power -> playing, muted",
        ])
    }
}
