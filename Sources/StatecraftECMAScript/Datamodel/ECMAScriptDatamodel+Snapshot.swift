#if canImport(JavaScriptCore) || ECMAScript
#if canImport(JavaScriptCore)
import JavaScriptCore
#else
import CJavaScriptCore
#endif
public import StatecraftSCXML

extension ECMAScriptDatamodel {
    /// The document's variables as JSON values, for a session snapshot: those `<data>`
    /// declared, in order, then the globals its scripts created (`var x`, `function f`,
    /// `y = 1` in a script), in the order they were created.
    ///
    /// A variable whose value is `undefined` is `SCXMLValue.undefined`.
    /// JavaScript's built-ins, `In` and the system variables are not included.
    ///
    /// - Returns: One member per variable.
    /// The variables together must fit one value budget (`SCXMLBudgets.valueNodes`,
    /// `valueBytes`), an object reached twice counting twice; the export has an evaluation time
    /// budget of its own, so a macrostep that spent its budget does not stop it.
    ///
    /// - Throws: `SCXMLDatamodelError` naming the budget the variables passed, or every value JSON cannot hold,
    ///   with its path: a function (a script's `function` declarations included), a symbol, a
    ///   cycle, `undefined` inside an object or array, `NaN` or an infinity. None is left out.
    public func exportVariables() throws(SCXMLDatamodelError) -> [SCXMLMember] {
        try environment.meter.withSeparateBudget { () throws(SCXMLDatamodelError) in try exportAll() }
    }

    /// The variables, within one value budget.
    private func exportAll() throws(SCXMLDatamodelError) -> [SCXMLMember] {
        var names = declaredNames
        let created: [String]
        do {
            created = try globalNames()
        } catch {
            throw error.datamodelError
        }
        let known = Set(declaredNames)
        for name in created where !builtinNames.contains(name) && !known.contains(name) {
            names.append(name)
        }
        var variables: [SCXMLMember] = []
        var problems: [String] = []
        var tally = SCXMLValueTally(budgets: environment.meter.budgets)
        for name in names {
            let value: JSValueRef
            do {
                value = try script.property(name, of: script.global)
            } catch {
                problems.append("\(name) could not be read: \(error.message)")
                continue
            }
            if JSValueIsUndefined(script.context, value) {
                variables.append(SCXMLMember(name, .undefined))
                continue
            }
            do {
                try tally.add(nodes: 0, bytes: name.utf8.count, what: "the variables of the snapshot")
                variables.append(SCXMLMember(name, try values.scxmlValue(value, purpose: .json, name: name, tally: &tally)))
            } catch {
                // A budget passed ends the export: what is left would pass it too.
                if tally.isOver || environment.meter.isSpent { throw error }
                problems.append(error.message)
            }
        }
        guard problems.isEmpty else {
            throw SCXMLDatamodelError("JSON cannot hold them: " + problems.joined(separator: "; "))
        }
        return variables
    }

    /// Declares each variable with its value, as a restored session needs: objects and arrays
    /// become fresh JavaScript ones.
    ///
    /// - Parameter variables: The variables, as ``exportVariables()`` gave them.
    /// - Throws: `SCXMLDatamodelError` when a name is a system variable,
    ///   `In`, or a read-only global.
    public func importVariables(_ variables: [SCXMLMember]) throws(SCXMLDatamodelError) {
        for variable in variables {
            if Self.systemVariableNames.contains(variable.name) || variable.name == "In" {
                throw SCXMLDatamodelError("'\(variable.name)' is not a variable of the document and cannot be restored")
            }
            try restore(variable.name, values.scriptValue(variable.value))
        }
    }
}
#endif
