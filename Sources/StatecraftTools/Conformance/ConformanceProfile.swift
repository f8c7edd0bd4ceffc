package import StatecraftECMAScript
package import StatecraftSCXML

/// A datamodel as the W3C conformance tests meet it: the datamodel's name, what the `conf:`
/// markup means in it, and the datamodels a session may use.
///
/// ``ConformanceRunner`` runs every test under one profile: ``statecraft``, ``null``, or
/// ``ecmascript(limits:)`` (in a build with JavaScriptCore). A datamodel of one's own makes a
/// profile with its vocabulary and a ``SCXMLDatamodels`` that registers the datamodel:
///
/// ```swift
/// var datamodels = SCXMLDatamodels.standard
/// datamodels.register("mine", MyDatamodel.self)
/// let profile = ConformanceProfile(vocabulary: MyVocabulary(), datamodels: datamodels)
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
    /// Why a translated test needs what the datamodel does not offer, or `nil` when it can run:
    /// the test is skipped with this reason (``ConformanceRunner/SkipReason/unsupported(_:)``).
    package var unsupported: @Sendable (_ translated: DocumentElement) -> String?

    /// Creates a profile.
    ///
    /// - Parameters:
    ///   - vocabulary: What the `conf:` items mean.
    ///   - datamodels: The datamodels sessions may use; must include the vocabulary's.
    ///   - resources: Files the translated tests may load, by file name.
    ///   - unsupported: Why a translated test cannot run in the datamodel, or `nil`.
    package init(
        vocabulary: any ConformanceVocabulary,
        datamodels: SCXMLDatamodels = .standard,
        resources: [String: String] = [:],
        unsupported: @escaping @Sendable (_ translated: DocumentElement) -> String? = { _ in nil }
    ) {
        self.vocabulary = vocabulary
        self.datamodels = datamodels
        self.resources = resources
        self.unsupported = unsupported
    }

    /// The datamodel's name: `statecraft`, `null`, `ecmascript`.
    package var name: String { vocabulary.datamodel }

    /// The `statecraft` datamodel (``SCXMLExpressionDatamodel``).
    ///
    /// A test that stores a value posted to the Basic HTTP Event I/O Processor and compares it
    /// with a number is skipped: a posted value is text (SCXML C.2 leaves the form of
    /// `_event.data` to the datamodel), and this datamodel's `==` does not convert.
    package static let statecraft = ConformanceProfile(
        vocabulary: StatecraftVocabulary(),
        resources: [StatecraftVocabulary.goodScriptName: StatecraftVocabulary.goodScript],
        unsupported: { translated in
            comparesPostedValueWithNumber(translated)
                ? "compares a value posted over HTTP, which is text, with a number: the statecraft datamodel's == does not "
                    + "convert (SCXML C.2 leaves the form of _event.data to the datamodel)"
                : nil
        }
    )

    /// Whether a document that uses the Basic HTTP processor assigns from `_event.data` and
    /// has a condition `... == <number>`.
    static func comparesPostedValueWithNumber(_ document: DocumentElement) -> Bool {
        guard ConformanceMarkup.usesBasicHTTP(document) else { return false }
        var assignsPosted = false
        var comparesNumber = false
        func visit(_ element: DocumentElement) {
            if element.name == "assign", element.attribute("expr")?.hasPrefix("_event.data.") == true { assignsPosted = true }
            if let cond = element.attribute("cond"), cond.contains(/==\s*-?[0-9]/) { comparesNumber = true }
            element.elements.forEach(visit)
        }
        visit(document)
        return assignsPosted && comparesNumber
    }

    /// The null datamodel (``SCXMLNullDatamodel``): tests that need variables, expressions or
    /// scripts are skipped.
    package static let null = ConformanceProfile(vocabulary: NullVocabulary())

    /// The profiles that need nothing of the build: ``statecraft`` and ``null``.
    package static let builtIn: [ConformanceProfile] = [.statecraft, .null]

    /// The `ecmascript` datamodel on JavaScriptCore, with the `conf:` markup as the W3C's
    /// `confEcma.xsl` defines it (``ECMAScriptVocabulary``).
    ///
    /// A test whose `<data>` or `<send>` gives XML content reads it as a DOM, which this
    /// datamodel provides (SCXML B.2.2, B.2.3): such tests run like the others.
    ///
    /// - Parameter limits: How long one evaluation may run, and how much XML content may hold.
    /// - Returns: The profile.
    /// - Throws: `ECMAScriptEngineError` when this build has no JavaScriptCore.
    package static func ecmascript(limits: ECMAScriptLimits = ECMAScriptLimits()) throws(ECMAScriptEngineError) -> ConformanceProfile {
        ConformanceProfile(vocabulary: ECMAScriptVocabulary(), datamodels: try .withECMAScript(limits: limits))
    }
}
