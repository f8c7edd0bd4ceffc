/// The datamodels a document may name in its `datamodel` attribute, by name.
///
/// ```swift
/// var datamodels = SCXMLDatamodels.standard
/// datamodels.register("lua", LuaDatamodel.self)
/// let document = try SCXMLDocument(xml: text, datamodels: datamodels)
/// ```
public struct SCXMLDatamodels: Sendable {
    private var factories: [String: @Sendable (SCXMLDatamodelEnvironment) -> any SCXMLDatamodel]

    /// The name used when a document names none: `statecraft`.
    public var defaultName: String

    /// The budgets of the sessions of documents read with these datamodels, invoked children
    /// included: ``SCXMLBudgets/standard`` unless changed. ``SCXMLSession/budgets`` changes
    /// them for one session.
    public var budgets: SCXMLBudgets = .standard

    /// `null` (``SCXMLNullDatamodel``) and `statecraft` (``SCXMLExpressionDatamodel``, also the
    /// default).
    public static let standard: SCXMLDatamodels = {
        var datamodels = SCXMLDatamodels(factories: [:], defaultName: "statecraft")
        datamodels.register("null", SCXMLNullDatamodel.self)
        datamodels.register("statecraft", SCXMLExpressionDatamodel.self)
        return datamodels
    }()

    private init(
        factories: [String: @Sendable (SCXMLDatamodelEnvironment) -> any SCXMLDatamodel],
        defaultName: String
    ) {
        self.factories = factories
        self.defaultName = defaultName
    }

    /// Makes `type` available under `name`, replacing any datamodel registered under it.
    ///
    /// - Parameters:
    ///   - name: The value of the `datamodel` attribute that selects it.
    ///   - type: The datamodel class.
    public mutating func register<Datamodel: SCXMLDatamodel & SendableMetatype>(_ name: String, _ type: Datamodel.Type) {
        factories[name] = { environment in Datamodel(environment: environment) }
    }

    /// Makes the datamodels `factory` creates available under `name`, replacing any datamodel
    /// registered under it: for a datamodel that needs settings beyond its environment.
    ///
    /// ```swift
    /// datamodels.register("lua") { environment in LuaDatamodel(environment: environment, memoryLimit: 1 << 20) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The value of the `datamodel` attribute that selects it.
    ///   - factory: Creates the datamodel of one session; called once per session.
    public mutating func register(
        _ name: String,
        factory: @escaping @Sendable (SCXMLDatamodelEnvironment) -> any SCXMLDatamodel
    ) {
        factories[name] = factory
    }

    /// The names registered, sorted.
    public var names: [String] { factories.keys.sorted() }

    func factory(for name: String?) -> (@Sendable (SCXMLDatamodelEnvironment) -> any SCXMLDatamodel)? {
        factories[name ?? defaultName]
    }
}
