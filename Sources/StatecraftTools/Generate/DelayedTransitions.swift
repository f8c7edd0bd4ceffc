import Statecraft
import StatecraftSCXML

/// Finds the `<send>`s that are delayed transitions: a state's `<onentry>` sends an event to the
/// session itself after a literal delay, its `<onexit>` cancels that send, and when the event
/// arrives the one transition it can take is the state's own. Then the DSL's `After` says the
/// same: a timer started on entry, cancelled on exit, taking that transition when it fires.
///
/// In `null`, `statecraft` and `swift` documents every other delayed `<send>` and `<cancel>` is
/// left to the translation of executable content (`effects.send(_:after:id:)`,
/// `effects.cancel(_:)`), and so are the pairings of a document whose actions read the event taken
/// last (`pairs: false`); in other datamodels what is not a pairing is refused with why the typed
/// machine would differ. Nothing is generated that behaves otherwise.
struct DelayedTransitions {
    typealias Refusal = SCXMLGenerationError.Refusal

    /// One delayed transition, written as `After` in its state.
    struct Timer: Hashable {
        var delay: Duration
        var event: String
        var transition: TransitionModel
        /// The `<send>`'s position.
        var position: TextPosition
    }

    /// State id → its timers, in the order its `<onentry>` sends them.
    private(set) var timers: [String: [Timer]] = [:]
    private(set) var refusals: [Refusal] = []
    /// The `<send>`s and `<cancel>`s of `<onentry>` and `<onexit>` this analysis translated or
    /// refused itself, which the general rule for executable content leaves alone.
    private(set) var claimed: Set<TextPosition> = []

    private var parent: [String: String] = [:]
    /// A descriptor's normalized alternative (`error` for `error.*`, `*`) → the states with a
    /// transition naming it, so that finding the states an event can reach looks at those only.
    private var takers: [String: Set<String>] = [:]
    private var byID: [String: StateModel] = [:]
    private let datamodel: String
    /// Whether what is not a delayed transition is left to the translation of executable
    /// content (`null`, `statecraft` and `swift` documents) rather than refused.
    private let fallsBack: Bool
    /// Whether a pairing becomes a timer (``init(model:datamodel:pairs:)``).
    private let pairs: Bool

    /// - Parameters:
    ///   - model: The document.
    ///   - datamodel: Its datamodel.
    ///   - pairs: Whether a pairing becomes a timer; `false` leaves every delayed `<send>` and
    ///     `<cancel>` to the general rule (`effects.send(_:after:id:)`), for a document whose
    ///     actions read the event taken last, which a timer does not bind.
    init(model: DocumentModel, datamodel: String, pairs: Bool = true) {
        self.datamodel = datamodel
        self.pairs = pairs
        fallsBack = ["null", "statecraft", "swift"].contains(datamodel)
        var all: [StateModel] = []
        func collect(_ state: StateModel, under parentID: String?) {
            all.append(state)
            byID[state.id] = state
            parent[state.id] = parentID
            for child in state.children { collect(child, under: state.id) }
        }
        for state in model.states { collect(state, under: nil) }
        for state in all {
            for transition in state.transitions {
                for name in EventDescriptor(transition.event ?? "").alternatives { takers[name, default: []].insert(state.id) }
            }
        }
        // Which state sends each id, to find ids used twice.
        var senders: [String: TextPosition] = [:]
        for state in all {
            for action in state.onEntry.joined() {
                guard let send = action.sendView else { continue }
                if let id = send.id, send.delay != nil || send.delayExpr != nil {
                    if let first = senders[id] {
                        claim(action, "the id '\(SwiftNames.escapedText(id))' is also the id of the <send> at \(first), "
                            + "so a <cancel> of it would cancel both; give each delayed <send> its own id")
                        continue
                    }
                    senders[id] = action.position
                }
                analyse(send, of: action, in: state)
            }
            for action in state.onExit.joined() {
                guard let id = action.cancelledSendID else { continue }
                let cancelsOwn = state.onEntry.joined().contains { entry in
                    guard let send = entry.sendView, send.id == id else { return false }
                    return timers[state.id]?.contains { $0.position == entry.position } ?? false
                }
                if cancelsOwn {
                    claimed.insert(action.position)
                } else if state.onEntry.joined().contains(where: { $0.sendView?.id == id && !id.isEmpty }) {
                    claim(action, "it cancels a <send> that is not turned into a delayed transition (see why there)")
                } else {
                    claim(action, "only a <cancel sendid> of a delayed <send> in the same state's <onentry> is "
                        + "generated (as the end of a delayed transition's timer), and this one cancels none")
                }
            }
        }
    }

    private mutating func claim(_ action: Action, _ reason: String) {
        // Where executable content is generated, a send or cancel that is no delayed transition
        // is an ordinary action (`effects.send(_:after:id:)`, `effects.cancel(_:)`).
        if fallsBack { return }
        claimed.insert(action.position)
        refusals.append(Refusal(element: action.elementName, position: action.position, reason: reason))
    }

    /// Turns one `<send>` of `state`'s `<onentry>` into a timer, or refuses it; a `<send>`
    /// without a delay is left to the general rule.
    private mutating func analyse(_ send: Action.SendView, of action: Action, in state: StateModel) {
        guard send.delay != nil || send.delayExpr != nil else { return }
        let place = "<\(Refusals.elementName(of: state)) id=\"\(SwiftNames.escapedText(state.id))\">"
        guard send.others.isEmpty else {
            claim(action, "a delayed <send> with \(send.others.joined(separator: ", ")) is not generated yet; "
                + "only one with a literal event and delay and no target (to the session itself) is")
            return
        }
        guard let event = send.event else {
            claim(action, "a delayed <send> without a literal event is not generated")
            return
        }
        guard let delay = delay(of: send, action: action) else { return }
        guard let id = send.id, state.onExit.joined().contains(where: { $0.cancelledSendID == id }) else {
            claim(action, "nothing in \(place)'s <onexit> cancels this <send> (<cancel sendid> of its id), so its "
                + "event would arrive even after the state is left, which a delayed transition never does")
            return
        }
        guard let transition = state.transitions.first(where: { transition in
            transition.event.map { EventDescriptor($0).matches(event) } ?? false
        }) else {
            claim(action, "no transition of \(place) takes '\(SwiftNames.escapedText(event))', so when it arrives "
                + "the event would be another state's; only a state's timer for its own transition is generated")
            return
        }
        var problem: String?
        if transition.cond != nil {
            problem = "has a condition; a delayed transition's timer is generated only for an unconditional one"
        } else if transition.targets.count > 1 {
            problem = "has \(transition.targets.count) targets, and After takes one"
        } else if transition.isInternal, !state.children.isEmpty {
            problem = "is internal, and After's transition is external (it leaves and enters the state again)"
        } else if let other = competitor(of: state, for: event) {
            problem = "is not the only one the event can take: the <transition> at \(other) is in a state active "
                + "at the same time"
        }
        if let problem {
            claim(action, "the <transition> at \(transition.position), which '\(SwiftNames.escapedText(event))' takes "
                + "in \(place), \(problem)")
            return
        }
        guard pairs || !fallsBack else { return }
        claimed.insert(action.position)
        timers[state.id, default: []].append(Timer(delay: delay, event: event, transition: transition, position: action.position))
    }

    /// The delay as a duration, or `nil` after refusing it.
    private mutating func delay(of send: Action.SendView, action: Action) -> Duration? {
        var text = send.delay
        if let expr = send.delayExpr {
            guard datamodel != "null" else {
                claim(action, "the null datamodel evaluates no delayexpr (the session raises error.execution); write delay")
                return nil
            }
            text = Self.stringLiteral(expr)
            guard text != nil else {
                claim(action, "a delayexpr other than a string literal (such as \"'2s'\") is not generated yet")
                return nil
            }
        }
        guard let text, let delay = Duration(scxmlDelay: text) else {
            claim(action, "the delay '\(SwiftNames.escapedText(text ?? ""))' is not a CSS2 time such as '2s' or '500ms'")
            return nil
        }
        guard delay > .zero else {
            claim(action, "a delay of zero puts the event in the queue at once, which a delayed transition does not do")
            return nil
        }
        return delay
    }

    /// The text of a quoted string with no quote or backslash inside, or `nil`.
    static func stringLiteral(_ expr: String) -> String? {
        let blank: Set<Character> = [" ", "\t", "\n", "\r"]
        let text = String(expr.drop(while: blank.contains).reversed().drop(while: blank.contains).reversed())
        guard text.count >= 2, let quote = text.first, quote == "'" || quote == "\"", text.last == quote else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains(where: { $0 == "'" || $0 == "\"" || $0 == "\\" }) else { return nil }
        return String(inner)
    }

    /// A transition taking `event` in a state that can be active with `state` and would be
    /// chosen before or besides `state`'s: in its descendants, or in a parallel region beside it.
    private func competitor(of state: StateModel, for event: String) -> TextPosition? {
        let ancestors = Set(chain(from: state.id))
        // The descriptors that can match `event`: its dot-separated prefixes, and `*`.
        let tokens = event.split(separator: ".", omittingEmptySubsequences: false)
        var candidates = takers["*"] ?? []
        for count in tokens.indices {
            candidates.formUnion(takers[tokens[...count].joined(separator: ".")] ?? [])
        }
        var found: TextPosition?
        for id in candidates where id != state.id && !ancestors.contains(id) {
            guard let other = byID[id] else { continue }
            let otherChain = chain(from: id)
            let related = otherChain.contains(state.id) || {
                // The nearest common ancestor is a parallel state: both can be active at once.
                guard let common = otherChain.first(where: ancestors.contains) else { return false }
                return byID[common]?.kind == .parallel
            }()
            guard related else { continue }
            if let hit = other.transitions.first(where: { $0.event.map { EventDescriptor($0).matches(event) } ?? false }),
                found.map({ hit.position < $0 }) ?? true {
                found = hit.position
            }
        }
        return found
    }

    /// `id` and its ancestors, nearest first.
    private func chain(from id: String) -> [String] {
        var ids: [String] = []
        var current: String? = id
        while let next = current {
            ids.append(next)
            current = parent[next]
        }
        return ids
    }
}
