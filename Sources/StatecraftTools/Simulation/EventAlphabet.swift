import Statecraft
package import StatecraftSCXML

/// The events a simulation or a path search tries on a document: concrete names for the
/// descriptors its transitions are written with.
///
/// This is the one place that reads the document's transitions for that purpose; when the
/// chart structure (states and transitions for every chart) is available, the alphabet and the
/// enabled events can come from it instead.
package struct EventAlphabet: Sendable {
    /// The names, in the order first written in the document.
    package let names: [String]
    /// The document's transitions, for the enabled-event question.
    private let sites: [TransitionSite]

    /// The alphabet of `document`.
    ///
    /// Each descriptor of a transition's `event` attribute gives one name: `a.b` itself, `a.b`
    /// for `a.b.*` and `a.b.`. Names whose first token is `error` or `done` are left out: the
    /// processor makes those events itself (SCXML 1.0 section 5.10.1, "errors and events"). A `*`
    /// descriptor adds one made-up name that no other descriptor matches, so that only the
    /// wildcard transitions take it.
    ///
    /// - Parameter document: The document.
    package init(document: SCXMLDocument) {
        self.init(sites: document.transitionSites)
    }

    package init(sites: [TransitionSite]) {
        self.sites = sites
        var names: [String] = []
        var seen: Set<String> = []
        var wildcard = false
        var descriptors: [String] = []
        for site in sites.sorted(by: { $0.position < $1.position }) {
            guard let event = site.event else { continue }
            for descriptor in event.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
                var name = Substring(descriptor)
                if name == "*" {
                    wildcard = true
                    continue
                }
                if name.hasSuffix(".*") { name = name.dropLast(2) }
                while name.hasSuffix(".") { name = name.dropLast() }
                let first = name.prefix { $0 != "." }
                guard !name.isEmpty, first != "error", first != "done", !name.contains("*") else { continue }
                descriptors.append(String(name))
                if seen.insert(String(name)).inserted { names.append(String(name)) }
            }
        }
        if wildcard {
            var candidate = "any"
            var counter = 1
            while descriptors.contains(where: { candidate == $0 || candidate.hasPrefix($0 + ".") }) {
                counter += 1
                candidate = "any\(counter)"
            }
            names.append(candidate)
        }
        self.names = names
    }

    /// The names that some transition of an active state is written for, each with whether
    /// every such transition has a condition (so the event may still be ignored).
    ///
    /// - Parameter isActive: Whether a state id is active.
    /// - Returns: The names, in alphabet order.
    package func enabled(isActive: (String) -> Bool) -> [(name: String, guarded: Bool)] {
        let candidates = sites.filter { $0.event != nil && isActive($0.source) }
        return names.compactMap { name in
            let matching = candidates.filter { site in
                site.event.map { EventDescriptor($0).matches(name) } ?? false
            }
            guard !matching.isEmpty else { return nil }
            return (name, matching.allSatisfy { $0.cond != nil })
        }
    }
}
