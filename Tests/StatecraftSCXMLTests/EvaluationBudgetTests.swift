import StatecraftSCXML
import Testing

/// A clock the test moves: each reading is `step` later than the one before.
final class SteppingClock: @unchecked Sendable {
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

/// The events of the transitions a session takes, for a test to look at.
final class TakenEvents: @unchecked Sendable {
    var events: [SCXMLEvent] = []
}

@Suite("Budgets: evaluation time per macrostep")
struct EvaluationTimeBudgetTests {
    /// A meter a session would drive, on a clock the test moves.
    static func drivenMeter(_ budgets: SCXMLBudgets, clock: SteppingClock) -> SCXMLEvaluationMeter {
        let meter = SCXMLEvaluationMeter(budgets: budgets)
        meter.clock = clock.read
        meter.beginStep()
        return meter
    }

    @Test("Many cheap conditions share one budget: together they spend it, then every evaluation fails at once")
    func sharedBudget() throws {
        let clock = SteppingClock(step: .milliseconds(1))
        let meter = Self.drivenMeter(SCXMLBudgets(evaluationTime: .milliseconds(3)), clock: clock)
        let model = SCXMLExpressionDatamodel(environment: SCXMLDatamodelEnvironment(meter: meter) { _ in false })
        try model.declare("n", value: .number(1))
        var passed = 0
        var error: SCXMLDatamodelError?
        while error == nil, passed < 1_000_000 {
            error = failure { _ = try model.evaluateCondition("n < 2") }
            if error == nil { passed += 1 }
        }
        // Each condition costs a few nodes, far below the budget: only their sum spends it.
        #expect(passed > 100)
        #expect(error?.message.contains("evaluation time budget of 3 ms is spent") == true)
        #expect(error?.message.contains("SCXMLBudgets.evaluationTime") == true)
        #expect(meter.isSpent)
        // Spent: the next evaluations fail without running, and without looking at the clock.
        let readings = clock.readings
        for source in ["n < 2", "n + 1", "[n, n]"] {
            #expect(failure { _ = try model.evaluate(source) }?.message.contains("is spent") == true)
        }
        #expect(failure { try model.assign("n", value: .number(2)) }?.message.contains("is spent") == true)
        #expect(failure { try model.run(script: "n = 3") }?.message.contains("is spent") == true)
        #expect(clock.readings == readings)
        #expect(model.value(ofVariable: "n") == .number(1))
        // The next macrostep has a fresh budget.
        meter.beginStep()
        #expect(try model.evaluateCondition("n < 2"))
    }

    @Test("The null datamodel's In() charges the same budget")
    func nullDatamodel() throws {
        let clock = SteppingClock(step: .milliseconds(1))
        let meter = Self.drivenMeter(SCXMLBudgets(evaluationTime: .milliseconds(2)), clock: clock)
        let model = SCXMLNullDatamodel(environment: SCXMLDatamodelEnvironment(meter: meter) { _ in true })
        var error: SCXMLDatamodelError?
        var passed = 0
        while error == nil, passed < 1_000_000 {
            error = failure { _ = try model.evaluateCondition("In('s')") }
            if error == nil { passed += 1 }
        }
        #expect(passed > 100)
        #expect(error?.message.contains("SCXMLBudgets.evaluationTime") == true)
    }

    @Test("A datamodel no session drives gives each evaluation a budget of its own")
    func standalone() throws {
        let clock = SteppingClock(step: .milliseconds(1))
        let meter = SCXMLEvaluationMeter(budgets: SCXMLBudgets(evaluationTime: .milliseconds(5)))
        meter.clock = clock.read
        let model = SCXMLExpressionDatamodel(environment: SCXMLDatamodelEnvironment(meter: meter) { _ in false })
        for _ in 0..<10_000 {
            #expect(try model.evaluate("1 + 1") == .number(2))
        }
        #expect(!meter.isSpent)
    }

    @Test("An eventless loop ends its macrostep once the budget is spent; the next event gets a fresh one")
    func sessionLoop() throws {
        let document = try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="idle">
              <datamodel><data id="n" expr="0"/></datamodel>
              <state id="idle"><transition event="go" target="loop"/></state>
              <state id="loop">
                <transition cond="n &gt;= 0" target="loop"><assign location="n" expr="n + 1"/></transition>
                <transition event="error.execution" target="stopped"/>
              </state>
              <state id="stopped"><transition event="check" cond="n &gt; 0" target="done"/></state>
              <final id="done"/>
            </scxml>
            """)
        let session = SCXMLSession(document: document)
        let clock = SteppingClock(step: .milliseconds(10))
        session.meter.clock = clock.read
        session.budgets.evaluationTime = .milliseconds(100)
        let taken = TakenEvents()
        session.transitionListener = { transition in
            if let event = transition.event { taken.events.append(event) }
        }
        session.start()
        session.send(SCXMLEvent("go"))
        #expect(session.activeStates == ["stopped"])
        #expect(session.faults.isEmpty)
        let errors = taken.events.filter { $0.name == "error.execution" }
        #expect(errors.count == 1)
        // The data names the <transition> whose cond ran over (the record of the article "SCXML support").
        guard case .object(let members) = errors.first?.data,
            case .string(let reason)? = members.first(where: { $0.name == "reason" })?.value
        else {
            Issue.record("error.execution without a reason: \(String(describing: errors.first?.data))")
            return
        }
        #expect(reason.contains("the step's evaluation time budget of 100 ms is spent"))
        #expect(members.first { $0.name == "tagname" }?.value == .string("transition"))
        session.send(SCXMLEvent("check"))
        #expect(session.finalState == "done")
    }

    @Test("The budgets of the datamodels travel to the session")
    func budgetsFromDatamodels() throws {
        var datamodels = SCXMLDatamodels.standard
        datamodels.budgets = SCXMLBudgets(evaluationTime: .milliseconds(7), valueNodes: 10)
        let document = try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft"><final id="f"/></scxml>
            """, datamodels: datamodels)
        #expect(SCXMLSession(document: document).budgets == datamodels.budgets)
        #expect(SCXMLSession(document: try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><final id="f"/></scxml>
            """)).budgets == .standard)
    }
}

@Suite("Budgets: value size in the statecraft datamodel")
struct ValueSizeBudgetTests {
    static func model(_ budgets: SCXMLBudgets) -> SCXMLExpressionDatamodel {
        SCXMLExpressionDatamodel(environment: SCXMLDatamodelEnvironment(meter: SCXMLEvaluationMeter(budgets: budgets)) { _ in false })
    }

    @Test("A string doubled by '+' is refused at the byte budget, and the variable keeps its last value")
    func stringDoubling() throws {
        let model = Self.model(SCXMLBudgets(valueBytes: 1_000))
        try model.declare("x", value: .string("ab"))
        var error: SCXMLDatamodelError?
        for _ in 0..<64 where error == nil {
            error = failure { try model.assign("x", value: try model.evaluate("x + x")) }
        }
        #expect(error?.message.contains("SCXMLBudgets.valueBytes") == true)
        #expect(model.value(ofVariable: "x") == .string(String(repeating: "ab", count: 256)))
        // The same in a script: the statement fails, nothing is stored.
        #expect(failure { try model.run(script: "x = x + x + x") }?.message.contains("valueBytes") == true)
        #expect(model.value(ofVariable: "x") == .string(String(repeating: "ab", count: 256)))
    }

    @Test(
        "An array that grows by sharing itself is refused at the node budget, counting each shared part each time",
        arguments: ["x = [x, x]", "x = concat(x, x)", "x[length(x)] = x", "var x = {a: x, b: x}"]
    )
    func arrayGrowth(statement: String) throws {
        let model = Self.model(SCXMLBudgets(valueNodes: 1_000))
        try model.declare("x", value: .array([.number(1)]))
        var last = model.value(ofVariable: "x")
        var error: SCXMLDatamodelError?
        for _ in 0..<64 where error == nil {
            error = failure { try model.run(script: statement) }
            if error == nil { last = model.value(ofVariable: "x") }
        }
        #expect(error?.message.contains("SCXMLBudgets.valueNodes") == true)
        // Nothing half stored: the variable is what the last statement that passed made it.
        #expect(model.value(ofVariable: "x") == last)
        var tally = SCXMLValueTally(budgets: SCXMLBudgets(valueNodes: 1_000))
        try tally.add(last ?? .undefined, what: "x")
        #expect(tally.nodes > 250)
    }

    @Test("A value built from shared parts cannot leave as an expression's value or as text")
    func sharedValueLeaving() throws {
        let model = Self.model(SCXMLBudgets(valueNodes: 1_000))
        try model.declare("x", value: .array(Array(repeating: .number(1), count: 300)))
        #expect(try model.evaluate("length(x)") == .number(300))
        #expect(failure { _ = try model.evaluate("[x, x, x, x]") }?.message.contains("valueNodes") == true)
        #expect(failure { _ = try model.evaluate("text([x, x, x, x])") }?.message.contains("valueNodes") == true)
        #expect(failure { _ = try model.evaluate("'' + [x, x, x, x]") }?.message.contains("valueNodes") == true)
        #expect(try model.evaluateCondition("length([x, x, x, x]) == 4"))
    }

    @Test("split() refuses to make more parts than the node budget")
    func split() throws {
        let model = Self.model(SCXMLBudgets(valueNodes: 100))
        try model.declare("s", value: .string(String(repeating: "a,", count: 200)))
        #expect(failure { _ = try model.evaluate("split(s, ',')") }?.message.contains("valueNodes") == true)
        #expect(failure { _ = try model.evaluate("split(s, '')") }?.message.contains("valueNodes") == true)
        #expect(try model.evaluate("length(split('a,b', ','))") == .number(2))
    }

    @Test("Declaring or restoring a value over the budget fails")
    func declare() throws {
        let model = Self.model(SCXMLBudgets(valueNodes: 10, valueBytes: 20))
        #expect(failure { try model.declare("a", value: .array(Array(repeating: .null, count: 10))) }?.message.contains("valueNodes") == true)
        #expect(failure { try model.declare("s", value: .string(String(repeating: "x", count: 21))) }?.message.contains("valueBytes") == true)
        #expect(failure { try model.importVariables([SCXMLMember("a", .object([SCXMLMember(String(repeating: "k", count: 21), .null)]))]) }?.message.contains("valueBytes") == true)
        #expect(model.value(ofVariable: "a") == nil)
        try model.declare("a", value: .array(Array(repeating: .null, count: 9)))
    }

    @Test("The variables of a snapshot must fit one value budget together")
    func export() throws {
        let model = Self.model(SCXMLBudgets(valueNodes: 1_000))
        try model.declare("a", value: .array(Array(repeating: .number(0), count: 600)))
        #expect(try model.exportVariables().count == 1)
        try model.declare("b", value: .array(Array(repeating: .number(0), count: 600)))
        #expect(failure { _ = try model.exportVariables() }?.message.contains("valueNodes") == true)
        try model.assign("b", value: .null)
        #expect(try model.exportVariables().count == 2)
    }
}
