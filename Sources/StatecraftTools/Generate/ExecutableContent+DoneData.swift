import StatecraftSCXML

extension ExecutableContent {
    /// Translates each `<donedata>` once, to collect refusals and the events it raises and gives.
    mutating func surveyDoneData(_ doneData: [DoneDataSource]) {
        for source in doneData {
            guard let data = source.data else { continue }
            do throws(Untranslatable) {
                _ = try doneDataStatements(data, event: source.event, survey: true)
            } catch {
                refuse([Refusal(element: "donedata", position: data.position, reason: error.reason)])
            }
        }
    }

    /// The body of the `DoneData` closure of a final whose `<donedata>` gives `event` (its
    /// parent's `done.state.<id>`) its data: the event with its data struct, or, when evaluating
    /// it fails, `error.execution` raised and `nil` returned, so that the done event has no data
    /// (SCXML 5.7), as the session does.
    mutating func doneDataStatements(_ data: DoneDataModel, event: String, survey: Bool) throws(Untranslatable) -> [String] {
        let failure = raising("error.execution")
        if let why = eventData.failing[data.position] {
            if survey {
                warnFailure(why, element: "donedata", at: data.position,
                    consequence: "the generated machine raises error.execution here and the done event has no data")
            }
            return located(data.position, ["\(failure)  // \(why): the session raises error.execution", "return nil"])
        }
        if let why = eventData.refused[data.position] { throw Untranslatable(reason: why) }
        guard datamodel == "statecraft" else {
            throw Untranslatable(reason: "done data is generated in the statecraft datamodel, whose expressions the generator "
                + "translates")
        }
        guard eventData.shapes[event] != nil else {
            // A <donedata> without <param> or <content>: the done event has no data.
            return ["return nil"]
        }
        if survey { noteInternal(event, at: data.position) }
        var expressions = translator(eventIsOptional: true, inAction: true)
        expressions.hasEvent = false
        let unwraps = Unwraps()
        expressions.unwraps = unwraps
        let value = "return \(eventValue(event, try dataArguments(data.asSend, event: event, expressions)))"
        return guardLines(unwraps, at: data.position, survey: survey, exit: "return nil") + located(data.position, [value])
    }
}
