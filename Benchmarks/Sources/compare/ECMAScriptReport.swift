#if ECMAScript
import BenchmarkCases

/// `compare ecmascript`, and the end of `compare` in a build with the `ECMAScript` trait: the
/// ECMAScript datamodel's cases and their target.
enum ECMAScriptReport {
    static func run() throws {
        let condition = try ECMAScriptCases.ConditionCase(datamodel: "ecmascript", cond: "level &lt; limit &amp;&amp; In('running')")
        let expression = try ECMAScriptCases.ConditionCase(datamodel: "statecraft", cond: "level &lt; limit &amp;&amp; In('running')")
        let bare = try ECMAScriptCases.ConditionCase(datamodel: "statecraft", cond: nil)
        let call = try ECMAScriptCases.ConditionCall()
        let ecmascript = measure(events: 200_000, repetitions: 5, statecraft: condition.run, baseline: expression.run)
        print("scxml.condition.ecmascript ecmascript_ns=\(fixed(ecmascript.statecraft)) statecraft_ns=\(fixed(ecmascript.baseline!)) ratio=\(fixed(ecmascript.ratio!))")
        let none = measure(events: 200_000, repetitions: 5, statecraft: bare.run)
        print("scxml.condition.none statecraft_ns=\(fixed(none.statecraft))")
        let alone = measure(events: 1_000_000, repetitions: 5, statecraft: call.run)
        print("ecmascript.condition.call ns=\(fixed(alone.statecraft))")
        let unwatched = try ECMAScriptCases.ConditionCall(watchdog: false)
        let free = measure(events: 1_000_000, repetitions: 5, statecraft: unwatched.run)
        print("ecmascript.condition.call.nolimit ns=\(fixed(free.statecraft))")

        let startECMAScript = try ECMAScriptCases.StartCase(datamodel: "ecmascript")
        let startStatecraft = try ECMAScriptCases.StartCase(datamodel: "statecraft")
        let start = measure(events: 200, repetitions: 5, statecraft: startECMAScript.run, baseline: startStatecraft.run)
        print("scxml.start.ecmascript ecmascript_us=\(fixed(start.statecraft / 1_000)) statecraft_us=\(fixed(start.baseline! / 1_000)) ratio=\(fixed(start.ratio!))")
        let contexts = measure(events: 200, repetitions: 5, statecraft: ECMAScriptCases.makeContexts)
        print("ecmascript.context us=\(fixed(contexts.statecraft / 1_000))")
        let declared = measure(events: 200, repetitions: 5, statecraft: ECMAScriptCases.makeContextsAndDeclare)
        print("ecmascript.context.declare us=\(fixed(declared.statecraft / 1_000))")

        let suite = try ECMAScriptCases.runSuite()
        print("ecmascript.irp ms=\(fixed(suite.milliseconds)) \(suite.summary)")
        print(Compare.target(
            "ecmascript.irp", "ms<10000, no failure", holds: suite.milliseconds < 10_000 && suite.summary.failed == 0,
            "\(fixed(suite.milliseconds)) ms, \(suite.summary)"
        ))
    }
}
#endif
