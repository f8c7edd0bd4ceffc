/// What the Swift generator (`SCXMLSwiftGenerator`, in StatecraftTools) reads of a `<send>` and a
/// `<cancel>`: their attributes as the document writes them, without the model's internals.
extension Action {
    /// A `<send>`'s attributes as written.
    package struct SendView: Hashable, Sendable {
        /// `event`, when written literally.
        package var event: String?
        /// `id`, when written literally.
        package var id: String?
        /// `delay`, as written.
        package var delay: String?
        /// `delayexpr`, as written.
        package var delayExpr: String?
        /// The attributes and children the generator cannot translate when present, in the
        /// order SCXML lists them: `eventexpr`, `target`, `targetexpr`, `type` (other than the
        /// SCXML event processor), `typeexpr`, `idlocation`, `namelist`, `<param>`, `<content>`.
        package var others: [String]
    }

    /// The `<send>`'s attributes, or `nil` for another element.
    package var sendView: SendView? {
        guard case .send(let send) = kind else { return nil }
        var others: [String] = []
        if send.eventExpr != nil { others.append("eventexpr") }
        if send.target != nil { others.append("target") }
        if send.targetExpr != nil { others.append("targetexpr") }
        if let type = send.type, type != SCXMLNames.scxmlProcessor, type != "scxml" { others.append("type") }
        if send.typeExpr != nil { others.append("typeexpr") }
        if send.idLocation != nil { others.append("idlocation") }
        if !send.namelist.isEmpty { others.append("namelist") }
        if !send.params.isEmpty { others.append("<param>") }
        if send.content != nil || send.contentExpr != nil { others.append("<content>") }
        return SendView(event: send.event, id: send.id, delay: send.delay, delayExpr: send.delayExpr, others: others)
    }

    /// A `<cancel>`'s `sendid` when written literally (`""` when it uses `sendidexpr`), or `nil`
    /// for another element.
    package var cancelledSendID: String? {
        guard case .cancel(let sendID, _) = kind else { return nil }
        return sendID ?? ""
    }
}
