import StatecraftECMAScript
import StatecraftSCXML
import Testing

/// A clock the test moves: each reading is `step` later than the one before.
private final class SteppingClock: @unchecked Sendable {
    private(set) var readings = 0
    let step: Duration

    init(step: Duration) {
        self.step = step
    }

    func read() -> Duration {
        readings += 1
        return step * readings
    }
}

/// The events of the transitions a session takes.
private final class TakenEvents: @unchecked Sendable {
    var events: [SCXMLEvent] = []
}

/// A datamodel by itself whose meter has `budgets` (and a session would drive it when
/// `driven`).
private func budgetedModel(_ budgets: SCXMLBudgets, clock: SteppingClock? = nil, driven: Bool = false) throws -> (any SCXMLDatamodel, SCXMLEvaluationMeter) {
    let meter = SCXMLEvaluationMeter(budgets: budgets)
    if let clock { meter.clock = clock.read }
    if driven { meter.beginStep() }
    return (try ECMAScriptEngine.makeDatamodel(environment: SCXMLDatamodelEnvironment(meter: meter) { _ in false }), meter)
}

/// The message of the datamodel error `body` throws, or `nil`.
private func failureMessage(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return (error as? SCXMLDatamodelError)?.message ?? "\(error)"
    }
}

/// An expression whose value is an array that refers to the same array twice at each of 40
/// levels: 2^40 nodes when walked, a few objects in memory.
private let sharedArrays = "(function () { var a = [1]; for (var i = 0; i < 40; i++) a = [a, a]; return a })()"

@Suite("ECMAScript budgets", .needsJavaScriptCore)
struct ECMAScriptBudgetTests {
    @Test("Many cheap evaluations share the macrostep's budget, then fail at once until the next step")
    func sharedTimeBudget() throws {
        let clock = SteppingClock(step: .microseconds(100))
        let (model, meter) = try budgetedModel(SCXMLBudgets(evaluationTime: .milliseconds(50)), clock: clock, driven: true)
        var passed = 0
        var message: String?
        while message == nil, passed < 100_000 {
            message = failureMessage { _ = try model.evaluateCondition("1 < 2") }
            if message == nil { passed += 1 }
        }
        #expect(passed >= 10 && passed < 1_000, "\(passed) evaluations passed")
        #expect(message?.contains("the step's evaluation time budget of 50 ms is spent") == true, "\(message ?? "")")
        #expect(failureMessage { try model.run(script: "var x = 1") }?.contains("is spent") == true)
        #expect(failureMessage { try model.assign("y", value: .number(1)) }?.contains("is spent") == true)
        meter.beginStep()
        #expect(try model.evaluateCondition("1 < 2"))
    }

    @Test("A looping condition retried on error.execution ends its macrostep, with the budget named; the next event gets a fresh budget")
    func loopingCondition() throws {
        let document = try SCXMLDocument(xml: ecmascript("""
            <datamodel><data id="n" expr="0"/></datamodel>
            <state id="idle"><transition event="go" target="loop"/></state>
            <state id="loop">
              <transition cond="(function () { while (true) {} })()" target="never"/>
              <transition event="error.execution" target="loop"/>
              <transition event="stop" cond="n == 0" target="stopped"/>
            </state>
            <state id="stopped"/>
            <final id="never"/>
            """, attributes: "initial=\"idle\""), datamodels: try .withECMAScript())
        let session = SCXMLSession(document: document)
        session.budgets.evaluationTime = .milliseconds(100)
        let taken = TakenEvents()
        session.transitionListener = { transition in
            if let event = transition.event { taken.events.append(event) }
        }
        session.start()
        session.send(SCXMLEvent("go"))
        let errors = taken.events.filter { $0.name == "error.execution" }
        #expect(!errors.isEmpty)
        for error in errors.prefix(3) {
            guard case .object(let members) = error.data,
                case .string(let message)? = members.first(where: { $0.name == "reason" })?.value
            else {
                Issue.record("error.execution without a reason: \(error.data)")
                continue
            }
            #expect(message.contains("the step's evaluation time budget of 100 ms is spent"), "\(message)")
        }
        session.send(SCXMLEvent("stop"))
        #expect(session.activeStates == ["stopped"])
    }

    @Test("An array that shares its parts is refused at conversion, counting each part each time it is reached")
    func sharedArraysRefused() throws {
        let (model, _) = try budgetedModel(SCXMLBudgets(valueNodes: 10_000))
        let message = failureMessage { _ = try model.evaluate(sharedArrays) }
        #expect(message?.contains("SCXMLBudgets.valueNodes") == true, "\(message ?? "")")
        // The same array kept small passes.
        #expect(try model.evaluate("(function () { var a = [1]; for (var i = 0; i < 5; i++) a = [a, a]; return a })()") != .undefined)
    }

    @Test("A sparse array counts its length: one of 2^32 - 1 holes is refused before its elements are read")
    func sparseArrayRefused() throws {
        let (model, _) = try budgetedModel(SCXMLBudgets())
        let message = failureMessage { _ = try model.evaluate("(function () { var a = []; a.length = 4294967295; return a })()") }
        #expect(message?.contains("SCXMLBudgets.valueNodes") == true, "\(message ?? "")")
        #expect(try model.evaluate("[1, , 3].length") == .number(3))
    }

    @Test("A string built by doubling is refused by its length, before it is read")
    func doubledStringRefused() throws {
        let (model, _) = try budgetedModel(SCXMLBudgets(valueBytes: 1 << 20))
        try model.run(script: "var s = 'ab'; for (var i = 0; i < 25; i++) s = s + s;")
        let message = failureMessage { _ = try model.evaluate("s") }
        #expect(message?.contains("SCXMLBudgets.valueBytes") == true, "\(message ?? "")")
        #expect(try model.evaluate("s.length") == .number(67_108_864))
    }

    @Test("exportVariables of an oversized value fails with the budget named, and works once the value is gone")
    func exportOversized() throws {
        let (model, _) = try budgetedModel(SCXMLBudgets(valueNodes: 10_000))
        try model.declare("small", expression: "[1, 2, 3]")
        try model.declare("big", expression: sharedArrays)
        let message = failureMessage { _ = try model.exportVariables() }
        #expect(message?.contains("SCXMLBudgets.valueNodes") == true, "\(message ?? "")")
        try model.assign("big", expression: "null")
        #expect(try model.exportVariables().map(\.name) == ["small", "big"])
        // Variables that fit one by one but not together are refused too: a snapshot is one value.
        try model.run(script: "var a = new Array(6000).fill(0); var b = new Array(6000).fill(0);")
        #expect(failureMessage { _ = try model.exportVariables() }?.contains("SCXMLBudgets.valueNodes") == true)
    }

    @Test("An allocation loop is stopped by the heap budget; the datamodel is usable once the garbage is collected")
    func heapBudget() throws {
        let (model, _) = try budgetedModel(SCXMLBudgets(evaluationTime: .seconds(3), scriptHeapBytes: 64 << 20))
        let message = failureMessage {
            try model.run(script: "(function () { var keep = []; while (true) keep.push(new Array(100000).fill(1.5)); })()")
        }
        #expect(message?.contains("SCXMLBudgets.scriptHeapBytes") == true, "\(message ?? "")")
        #expect(try model.evaluate("1 + 1") == .number(2))
        // Kept in a variable, the heap stays over its budget: evaluations fail, naming it.
        let kept = failureMessage {
            try model.run(script: "var keep = []; while (true) keep.push(new Array(100000).fill(1.5));")
        }
        #expect(kept?.contains("SCXMLBudgets.scriptHeapBytes") == true, "\(kept ?? "")")
        #expect(failureMessage { _ = try model.evaluate("1 + 1") }?.contains("SCXMLBudgets.scriptHeapBytes") == true)
    }
}
