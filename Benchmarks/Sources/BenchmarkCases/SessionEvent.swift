import Statecraft
import StatecraftSCXML

/// `scxml.session`: one SCXML document run as an `SCXMLSession`, against the same chart
/// written in the DSL and run by a typed `Machine` (issue 28, item 8).
///
/// The document has one state whose only `tick` transition is targetless and runs nothing, so
/// an event costs what the session adds to the engine: ``runStatecraft(_:)`` sends `tick` to
/// the session, ``runBaseline(_:)`` sends `.tick` to the typed machine. With a `cond` the
/// session evaluates it in the `statecraft` datamodel and the typed machine runs the same test
/// as a Swift guard over its context.
public final class SessionEvent {
    /// The document, in `datamodel` (`statecraft` unless given; the ECMAScript cases use it in
    /// `ecmascript` too): one state whose `tick` transition is targetless, with `cond` when
    /// given, and two data items the condition can read.
    static func document(cond: String?, datamodel: String = "statecraft") -> String {
        let condition = cond.map { " cond=\"\($0)\"" } ?? ""
        return """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="\(datamodel)">
              <datamodel><data id="limit" expr="1000000"/><data id="level" expr="3"/></datamodel>
              <state id="running">
                <transition event="tick"\(condition)/>
                <transition event="stop" target="stopped"/>
              </state>
              <final id="stopped"/>
            </scxml>
            """
    }

    /// The typed chart's states.
    public enum Place: Hashable, Sendable {
        /// The two states of the document.
        case running, stopped
    }

    /// The typed chart's events.
    public enum Signal: MachineEvent {
        /// The document's two events.
        case tick, stop
    }

    /// The typed chart's context: the document's two data items.
    public struct Levels: Sendable {
        /// `limit` and `level`.
        public var limit = 1_000_000, level = 3
    }

    let session: SCXMLSession
    let tick = SCXMLEvent("tick")
    var machine: Machine<Place, Signal, Levels>

    /// Reads the document, starts a session, and builds the typed twin.
    ///
    /// - Parameter condition: Whether the `tick` transition has the condition `level < limit`.
    public init(condition: Bool = false) throws {
        let document = try SCXMLDocument(xml: Self.document(cond: condition ? "level &lt; limit" : nil))
        session = SCXMLSession(document: document)
        session.start()
        let chart: Statechart<Place, Signal, Levels>
        if condition {
            chart = try Statechart {
                Atomic(.running) {
                    On(.tick, guard: { levels, _ in levels.level < levels.limit })
                    On(.stop, to: .stopped)
                }
                Final(.stopped)
            }
        } else {
            chart = try Statechart {
                Atomic(.running) {
                    On(.tick)
                    On(.stop, to: .stopped)
                }
                Final(.stopped)
            }
        }
        machine = chart.makeMachine(context: Levels())
    }

    /// Sends `events` ticks to the session; returns how many states are active.
    @inline(never)
    public func runStatecraft(_ events: Int) -> Int {
        for _ in 0..<events { session.send(tick) }
        return session.activeStates.count + events
    }

    /// Sends `events` ticks to the typed machine; returns how many it took plus its active states.
    @inline(never)
    public func runBaseline(_ events: Int) -> Int {
        var machine = self.machine
        var taken = 0
        for _ in 0..<events where machine.send(.tick).isTaken { taken &+= 1 }
        self.machine = machine
        return taken &+ (machine.isActive(.running) ? 1 : 0)
    }
}

extension SessionEvent: PairedCase {}

/// `scxml.session.start`: making and starting a session of the `scxml.session` document in
/// the `statecraft` datamodel (its data bound, the initial state entered), against making and
/// starting a typed machine of the same chart.
public final class SessionStart {
    let document: SCXMLDocument
    let chart: Statechart<SessionEvent.Place, SessionEvent.Signal, SessionEvent.Levels>

    /// Reads the document and builds the chart once.
    public init() throws {
        document = try SCXMLDocument(xml: SessionEvent.document(cond: "level &lt; limit"))
        chart = try Statechart {
            Atomic(.running) {
                On(.tick, guard: { levels, _ in levels.level < levels.limit })
                On(.stop, to: .stopped)
            }
            Final(.stopped)
        }
    }

    /// Makes and starts `count` sessions; returns how many states were active in all.
    @inline(never)
    public func runStatecraft(_ count: Int) -> Int {
        var active = 0
        for _ in 0..<count {
            let session = SCXMLSession(document: document)
            session.start()
            active &+= session.isActive("running") ? 1 : 0
        }
        return active
    }

    /// Makes and starts `count` typed machines; returns how many states were active in all.
    @inline(never)
    public func runBaseline(_ count: Int) -> Int {
        var active = 0
        for _ in 0..<count {
            let machine = chart.makeMachine(context: SessionEvent.Levels())
            active &+= machine.isActive(.running) ? 1 : 0
        }
        return active
    }
}

extension SessionStart: PairedCase {}

