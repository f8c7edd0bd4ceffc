/// The workspace of a machine on the general path, and the runs of its `words` that the steps
/// of SCXML's algorithm (W3C SCXML 1.0, Appendix D) read and write.
extension Machine {
    /// The workspace, which every hierarchical machine has.
    ///
    /// The invariant: `workspace` is `nil` exactly when the chart takes the leaf path
    /// (`chart.isFlat`); `start()` makes it for every other chart before anything reads it, and
    /// nothing sets it back to `nil`. Only the general path, the region steps and plans, which a
    /// leaf-path machine never reaches, read `space`. Debug builds check it.
    @inlinable
    var space: Workspace<Event> {
        assert(workspace != nil, "Statecraft: the general path was reached by a leaf-path machine of a flat chart")
        return workspace.unsafelyUnwrapped
    }

    /// Copies the workspace if another machine value shares it.
    @inlinable
    mutating func makeWorkspaceUnique() {
        if !isKnownUniquelyReferenced(&workspace) { workspace = space.copy() }
    }

    /// The configuration and the scratch sets (see `Workspace.words`).
    @inlinable
    var words: UnsafeMutablePointer<UInt64> { space.words }

    /// One run of `words`.
    @inlinable
    func set(_ run: Int) -> UnsafeMutablePointer<UInt64> { space.words + run &* chart.setWords }

    /// The transitions the current microstep takes.
    @inlinable
    var enabled: UnsafeMutableBufferPointer<Int32> {
        UnsafeMutableBufferPointer(start: space.chosen, count: space.chosenCount)
    }

    /// Adds a transition to those the microstep takes.
    @inlinable
    func appendEnabled(_ transition: Int32) {
        space.chosen[space.chosenCount] = transition
        space.chosenCount &+= 1
    }

    /// The first active node in `start ..< nodes`, in document order.
    @inlinable
    func nextActive(from start: Int) -> Int? {
        StateSet.next(words, from: start, below: chart.nodes.count)
    }

    /// Empties one run of `words`.
    @inlinable
    func clearSet(_ run: Int) {
        set(run).update(repeating: 0, count: chart.setWords)
    }

    /// Keeps the configuration the coming microstep was selected in, for `Effects.isActive(_:)`:
    /// the general path changes the configuration state by state, the fast paths after every
    /// action, and actions must not be able to tell. Only an action that takes ``Effects`` can
    /// ask, so a chart without one skips the copy.
    @inlinable
    @inline(__always)
    func noteSelectedConfiguration() {
        guard chart.usesEffects else { return }
        set(MachineSets.selected).update(from: words, count: chart.setWords)
    }
}
