extension Machine {
    /// Takes the fault of the step just taken and forgets it: ``lastFault`` and ``hasFault``
    /// read `nil` and `false` afterwards, until a later step reports another.
    ///
    /// A host that looks after every step (a runtime, say) takes the fault this way, so that
    /// it never reports one twice: an event sent to a finished machine takes no step and
    /// leaves ``lastFault`` as it was.
    ///
    /// - Returns: The fault, or `nil` when the step reported none.
    @inlinable
    public mutating func takeFault() -> EngineFault? {
        guard let workspace, workspace.faulted else { return nil }
        let fault = workspace.lastFault
        makeWorkspaceUnique()
        space.lastFault = nil
        return fault
    }
}
