/// A datamodel as the W3C conformance tests meet it: the datamodel's name, what the `conf:`
/// markup means in it, and the datamodels a session may use.
///
/// ``ConformanceRunner`` runs every test under one profile. The package brings
/// ``statecraft`` and ``null``; a module that adds a datamodel makes its own profile with its
/// vocabulary and a ``SCXMLDatamodels`` that registers the datamodel:
///
/// ```swift
/// var datamodels = SCXMLDatamodels.standard
/// datamodels.register("ecmascript", ECMAScriptDatamodel.self)
/// let profile = ConformanceProfile(vocabulary: ECMAScriptVocabulary(), datamodels: datamodels)
/// let summary = try ConformanceRunner(directory: "scxml-irp", profile: profile).run()
/// ```
///
/// A test written directly for a datamodel (`datamodel="ecmascript"` rather than
/// `conf:datamodel=""`) runs when the profile's ``datamodels`` has that datamodel, and is
/// skipped otherwise.
package struct ConformanceProfile: Sendable {
    /// What the `conf:` items mean; its ``ConformanceVocabulary/datamodel`` names the profile.
    package var vocabulary: any ConformanceVocabulary
    /// The datamodels the tests' sessions may use: the vocabulary's, and those that tests
    /// written directly for a datamodel name.
    package var datamodels: SCXMLDatamodels
    /// Files a translated test may load that the suite does not ship, by file name: the good
    /// script of `conf:scriptGoodSrc`.
    package var resources: [String: String]

    /// Creates a profile.
    ///
    /// - Parameters:
    ///   - vocabulary: What the `conf:` items mean.
    ///   - datamodels: The datamodels sessions may use; must include the vocabulary's.
    ///   - resources: Files the translated tests may load, by file name.
    package init(
        vocabulary: any ConformanceVocabulary,
        datamodels: SCXMLDatamodels = .standard,
        resources: [String: String] = [:]
    ) {
        self.vocabulary = vocabulary
        self.datamodels = datamodels
        self.resources = resources
    }

    /// The datamodel's name: `statecraft`, `null`.
    package var name: String { vocabulary.datamodel }

    /// The `statecraft` datamodel (``SCXMLExpressionDatamodel``).
    package static let statecraft = ConformanceProfile(
        vocabulary: StatecraftVocabulary(),
        resources: [StatecraftVocabulary.goodScriptName: StatecraftVocabulary.goodScript]
    )

    /// The null datamodel (``SCXMLNullDatamodel``): tests that need variables, expressions or
    /// scripts are skipped.
    package static let null = ConformanceProfile(vocabulary: NullVocabulary())

    /// The profiles this module brings: ``statecraft`` and ``null``.
    package static let builtIn: [ConformanceProfile] = [.statecraft, .null]
}
