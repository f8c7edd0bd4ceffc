public import StatecraftSCXML

extension SCXMLDatamodels {
    /// The standard datamodels (`null`, `statecraft`) and `ecmascript`.
    ///
    /// ```swift
    /// let document = try SCXMLDocument(contentsOfFile: "light.scxml", datamodels: try .withECMAScript())
    /// ```
    ///
    /// - Parameter limits: How long one evaluation may run.
    /// - Returns: The datamodels; a document that names none still gets `statecraft`.
    /// - Throws: ``ECMAScriptEngineError`` when this build has no JavaScriptCore; its message
    ///   names the package trait and the apt package that bring it in.
    public static func withECMAScript(
        limits: ECMAScriptLimits = ECMAScriptLimits()
    ) throws(ECMAScriptEngineError) -> SCXMLDatamodels {
        var datamodels = SCXMLDatamodels.standard
        try datamodels.registerECMAScript(limits: limits)
        return datamodels
    }

    /// Makes `ecmascript` available, replacing any datamodel registered under that name.
    ///
    /// - Parameter limits: How long one evaluation may run.
    /// - Throws: ``ECMAScriptEngineError`` when this build has no JavaScriptCore.
    public mutating func registerECMAScript(limits: ECMAScriptLimits = ECMAScriptLimits()) throws(ECMAScriptEngineError) {
        #if canImport(JavaScriptCore) || ECMAScript
        register(ECMAScriptEngine.datamodelName) { environment in
            ECMAScriptDatamodel(environment: environment, limits: limits)
        }
        #else
        throw ECMAScriptEngineError.unavailable
        #endif
    }
}
