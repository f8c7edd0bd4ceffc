/// Reading `<state>`, `<parallel>`, `<final>`, `<history>` and `<transition>`.
extension ModelReader {
    mutating func readState(_ element: DocumentElement) throws(SCXMLError) -> StateModel {
        let (id, generatedID) = try identify(element)
        var state: StateModel
        switch element.name {
        case "state":
            try checkAttributes(element, allowed: ["id", "initial"])
            state = StateModel(id: id, kind: .state, position: element.position)
            state.initial = try initialAttribute(of: element)
        case "parallel":
            try checkAttributes(element, allowed: ["id"])
            state = StateModel(id: id, kind: .parallel, position: element.position)
        case "final":
            try checkAttributes(element, allowed: ["id"])
            state = StateModel(id: id, kind: .final, position: element.position)
        default:
            try checkAttributes(element, allowed: ["id", "type"])
            let type = element.attribute("type") ?? "shallow"
            guard type == "shallow" || type == "deep" else {
                throw error("<history> has type '\(type)'; write 'shallow' or 'deep'", at: element, rule: "3.10.1: 'type' is 'shallow' or 'deep'")
            }
            state = StateModel(id: id, kind: .history(deep: type == "deep"), position: element.position)
        }
        state.generatedID = generatedID
        var sawDatamodel = false
        for child in children(element) {
            switch (child.name, state.kind) {
            case (let name, .history) where name != "transition":
                throw error("<\(name)> cannot be written in <history>; it holds one default <transition>", at: child, rule: "3.10.2: a <history> holds one <transition>")
            case ("onentry", _):
                try checkAttributes(child, allowed: [])
                state.onEntry.append(try readBlock(child))
            case ("onexit", _):
                try checkAttributes(child, allowed: [])
                state.onExit.append(try readBlock(child))
            case ("transition", .history):
                guard state.initialTransition == nil else {
                    throw error("<history id=\"\(id)\"> has more than one default <transition>; keep one", at: child, rule: "3.10.2: a <history> holds one <transition>")
                }
                let transition = try readTransition(child)
                if transition.event != nil || transition.cond != nil {
                    throw error("the default <transition> of <history id=\"\(id)\"> may not have 'event' or 'cond'", at: child, rule: "3.10.2: the default transition has no 'event' or 'cond'")
                }
                if transition.targets.isEmpty {
                    throw error("the default <transition> of <history id=\"\(id)\"> needs a target: the states entered while nothing is recorded", at: child, rule: "3.10.2: the default transition has a target")
                }
                state.initialTransition = transition
            case ("transition", .final):
                throw error("<final id=\"\(id)\"> cannot have transitions: a final state is never left by its own transitions", at: child, rule: "3.7.2: <final> holds <onentry>, <onexit> and <donedata>")
            case ("transition", _):
                state.transitions.append(try readTransition(child))
            case ("initial", .state):
                guard state.initial == nil, state.initialTransition == nil else {
                    throw error("<state id=\"\(id)\"> names its initial state twice (attribute and <initial>); keep one", at: child, rule: "3.3.1: 'initial' may not be written with an <initial> child")
                }
                try checkAttributes(child, allowed: ["id"])
                let transitions = children(child)
                guard transitions.count == 1, transitions[0].name == "transition" else {
                    throw error("<initial> must hold exactly one <transition>", at: child, rule: "3.6.2: an <initial> holds one <transition>")
                }
                let transition = try readTransition(transitions[0])
                if transition.event != nil || transition.cond != nil || transition.targets.isEmpty {
                    throw error("the <transition> in <initial> needs a target and may not have 'event' or 'cond'", at: transitions[0], rule: "3.6.2: the transition of <initial> has a target and no 'event' or 'cond'")
                }
                state.initialTransition = transition
            case ("state", .state), ("parallel", .state), ("final", .state), ("history", .state),
                ("state", .parallel), ("parallel", .parallel), ("history", .parallel):
                state.children.append(try readState(child))
            case ("datamodel", .state), ("datamodel", .parallel):
                try once(&sawDatamodel, child, in: element)
                state.data += try readDatamodel(child)
            case ("invoke", .state), ("invoke", .parallel):
                state.invokes.append(try readInvoke(child))
            case ("donedata", .final):
                guard state.doneData == nil else { throw error("<final id=\"\(id)\"> has more than one <donedata>", at: child, rule: "3.7.2: <donedata> occurs at most once in <final>") }
                state.doneData = try readDoneData(child)
            default:
                throw error("<\(child.name)> cannot be written in <\(element.name)>", at: child, rule: "\(Self.section(of: element.name)).2: the children of <\(element.name)>")
            }
        }
        if case .history = state.kind, state.initialTransition == nil {
            throw error("<history id=\"\(id)\"> needs one default <transition>, whose target is entered while nothing is recorded", at: element, rule: "3.10.2: a <history> holds one <transition>")
        }
        if state.kind == .state, state.children.isEmpty, state.initial != nil || state.initialTransition != nil {
            throw error("<state id=\"\(id)\"> names an initial state but has no child states", at: element, rule: "3.3.1: 'initial' is written only in a compound state")
        }
        return state
    }

    func readTransition(_ element: DocumentElement) throws(SCXMLError) -> TransitionModel {
        try checkAttributes(element, allowed: ["event", "cond", "target", "type"])
        var transition = TransitionModel(position: element.position)
        transition.event = element.attribute("event")
        if let event = transition.event, Self.tokens(event).isEmpty {
            throw error("<transition> has an empty 'event'; leave the attribute out for an eventless transition", at: element, rule: "3.5.1: 'event' lists one or more event descriptors")
        }
        transition.cond = element.attribute("cond")
        transition.targets = element.attribute("target").map(Self.tokens) ?? []
        switch element.attribute("type") {
        case nil, "external": break
        case "internal": transition.isInternal = true
        case let other?: throw error("<transition> has type '\(other)'; write 'internal' or 'external'", at: element, rule: "3.5.1: 'type' is 'internal' or 'external'")
        }
        transition.actions = try readBlock(element)
        return transition
    }
}
