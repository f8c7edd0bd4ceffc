import BenchmarkCases

/// `compare session`, and part of `compare`: one SCXML document run as a session against the
/// same chart written in the DSL, and the targets of issue 28, item 8.
enum SessionReport {
    /// Measures the three cases, prints a line each and the targets.
    static func run() throws {
        let bare = try SessionEvent()
        let guarded = try SessionEvent(condition: true)
        let start = try SessionStart()
        let event = measure(events: 200_000, repetitions: 7, statecraft: bare.runStatecraft, baseline: bare.runBaseline)
        let condition = measure(events: 200_000, repetitions: 7, statecraft: guarded.runStatecraft, baseline: guarded.runBaseline)
        let started = measure(events: 20_000, repetitions: 7, statecraft: start.runStatecraft, baseline: start.runBaseline)
        print(Compare.line("scxml.session", event))
        print(Compare.line("scxml.session.condition", condition))
        print(Compare.line("scxml.session.start", started))
        print(Compare.target("scxml.session", "ns<=1000", holds: event.statecraft <= 1_000, "\(fixed(event.statecraft)) ns"))
        print(Compare.target("scxml.session", "ratio<=20", holds: event.ratio! <= 20, fixed(event.ratio!)))
        print(Compare.target(
            "scxml.session.condition", "ns<=2000", holds: condition.statecraft <= 2_000, "\(fixed(condition.statecraft)) ns"
        ))
        print(Compare.target(
            "scxml.session.start", "us<=20", holds: started.statecraft <= 20_000, "\(fixed(started.statecraft / 1_000)) us"
        ))
    }
}
