import Statecraft

/// A compound state with a final child and a shallow history, entered from outside.
func doorChart() throws -> Statechart<S, E, Log> {
    try Statechart {
        Atomic(.a) {
            On(.go, to: .b)
            On(.reset, to: .h)
        }
        Compound(.b) {
            Atomic(.b1) { On(.next, to: .b2) }
            Final(.b2)
            History(.h, .shallow)
            On(.back, to: .a)
        }
    }
}

/// A parallel state with two regions, a deep history, and an edge between its regions.
func regionsChart() throws -> Statechart<S, E, Log> {
    try Statechart {
        Atomic(.a) { On(.go, to: .hd) }
        Parallel(.p) {
            Compound(.r1) {
                Atomic(.x1) {
                    On(.next, to: .x2)
                    On(.tick, to: .y2)
                }
                Atomic(.x2)
            }
            Compound(.r2) {
                Atomic(.y1) { On(.next, to: .y2) }
                Atomic(.y2)
            }
            History(.hd, .deep)
            On(.stop, to: .a)
        }
    }
}
