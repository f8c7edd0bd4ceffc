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
    /// - Throws: `SCXMLDatamodelError` naming every value JSON cannot hold,
    ///   with its path: a function (a script's `function` declarations included), a symbol, a
    ///   cycle, `undefined` inside an object or array, `NaN` or an infinity. None is left out.
    public func exportVariables() throws(SCXMLDatamodelError) -> [SCXMLMember] {
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
                variables.append(SCXMLMember(name, try values.scxmlValue(value, purpose: .json, name: name)))
            } catch {
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
