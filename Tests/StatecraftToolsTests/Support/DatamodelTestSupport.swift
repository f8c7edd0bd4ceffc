// The same helpers as Tests/StatecraftSCXMLTests/Support/DatamodelTestSupport.swift: the markup
// tests evaluate translated conditions in the statecraft datamodel, as its own tests do.
import StatecraftSCXML
import Testing

/// A `statecraft` datamodel whose `In()` answers true for the ids in `active`.
func makeModel(active: Set<String> = []) -> SCXMLExpressionDatamodel {
    SCXMLExpressionDatamodel(environment: SCXMLDatamodelEnvironment { active.contains($0) })
}

/// The datamodel error `body` throws, or `nil` when it does not throw; any other error is an
/// issue.
func failure(_ body: () throws -> Void) -> SCXMLDatamodelError? {
    do {
        try body()
        return nil
    } catch let error as SCXMLDatamodelError {
        return error
    } catch {
        Issue.record("expected an SCXMLDatamodelError, got \(error)")
        return nil
    }
}

/// An `_event` value as a session builds it.
func eventValue(
    name: String,
    type: String = "internal",
    sendid: SCXMLValue = .undefined,
    origin: SCXMLValue = .undefined,
    origintype: SCXMLValue = .undefined,
    invokeid: SCXMLValue = .undefined,
    data: SCXMLValue = .undefined
) -> SCXMLValue {
    .object([
        SCXMLMember("name", .string(name)),
        SCXMLMember("type", .string(type)),
        SCXMLMember("sendid", sendid),
        SCXMLMember("origin", origin),
        SCXMLMember("origintype", origintype),
        SCXMLMember("invokeid", invokeid),
        SCXMLMember("data", data),
    ])
}
