/// SCXML's `executeContent` (W3C SCXML 1.0, Appendix D): running an action of the chart's
/// program, and moving the events it asked for (``Effects``) into the queues and timers.
extension Machine {
    /// Runs action `index` of the program: on the general path with the workspace's
    /// ``Effects``, which are then applied; on the leaf path without.
    @inlinable
    @inline(__always)
    mutating func runAction(_ index: Int, event: Event?) {
        if let workspace {
            program.run(index, &storedContext, event, &workspace.effects)
            if !workspace.effects.items.isEmpty { applyEffects() }
        } else {
            // A leaf-path chart has no action that produces effects.
            program.run(index, &storedContext, event)
        }
    }

    /// Moves what the last action asked for into the queues and timers.
    @inlinable
    mutating func applyEffects() {
        guard !space.effects.items.isEmpty else { return }
        for item in space.effects.items {
            switch item {
            case .raise(let event):
                space.internalQueue.append(.event(event))
            case .send(let event):
                space.externalQueue.append(event)
            case .schedule(let event, let delay, let id):
                schedule(.event(event), after: delay, id: id, owner: -1)
            case .scheduleOutbound(let event, let target, let delay, let id):
                schedule(.outbound(event), after: delay, id: id, owner: -1, target: target)
            case .cancel(let id):
                space.timers.removeAll { $0.id == id }
            }
        }
        space.effects.items.removeAll(keepingCapacity: true)
    }
}
