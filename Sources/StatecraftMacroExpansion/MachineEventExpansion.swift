#if Macros
import SwiftDiagnostics
public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// What `@MachineEvent` expands to (the plug-in's `MachineEventMacro` forwards here). On an
/// enum, it derives the payload-free `Kind`, the `kind` of each event, and one `EventCase` per
/// case (`Cases`, read by `On(\.coin)`), and conforms the enum to `MachineEvent` and
/// `PayloadCases`.
public struct MachineEventExpansion: MemberMacro, ExtensionMacro {
    /// The members: `Kind`, `kind`, `Cases` and `cases`, with the enum's access; none, and an
    /// error on the line at fault, when the declaration is not an enum or its cases cannot be
    /// derived from.
    ///
    /// - Parameters:
    ///   - node: The `@MachineEvent` attribute.
    ///   - declaration: The declaration it is attached to.
    ///   - protocols: The conformances the compiler asks for.
    ///   - context: Where diagnostics go.
    /// - Returns: The member declarations.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let enumeration = declaration.as(EnumDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: MachineEventDiagnostic.notAnEnum))
            return []
        }
        guard let cases = EventCaseList(enumeration, in: context) else { return [] }
        return cases.members(access: accessModifier(of: enumeration))
    }

    /// The conformances to `MachineEvent` and `PayloadCases` the enum does not declare itself.
    ///
    /// - Parameters:
    ///   - node: The `@MachineEvent` attribute.
    ///   - declaration: The declaration it is attached to.
    ///   - type: The type to extend.
    ///   - protocols: The conformances the enum lacks.
    ///   - context: Where diagnostics go.
    /// - Returns: One extension, or none for a declaration that is not an enum.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(EnumDeclSyntax.self), !protocols.isEmpty else { return [] }
        let names = protocols.map { $0.trimmedDescription }.joined(separator: ", ")
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: names) {}")]
    }

    /// The access of the generated members: the enum's own when it is `public` or `package`,
    /// otherwise none (they then have the enum's access).
    static func accessModifier(of enumeration: EnumDeclSyntax) -> String {
        for modifier in enumeration.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }
}

/// The cases of an enum as `@MachineEvent` reads them.
struct EventCaseList {
    /// One case: its name and its associated values (label or `nil`, and type).
    struct Case {
        let name: String
        let values: [(label: String?, type: String)]
    }

    let enumName: String
    let cases: [Case]

    /// Reads the cases, reporting what the macro cannot derive from: no case, two cases of one
    /// name, or members the macro would declare again.
    init?(_ enumeration: EnumDeclSyntax, in context: some MacroExpansionContext) {
        enumName = enumeration.name.text
        var cases: [Case] = []
        var seen: Set<String> = []
        var failed = false
        for member in enumeration.memberBlock.members {
            if let declaration = member.decl.as(EnumCaseDeclSyntax.self) {
                for element in declaration.elements {
                    let name = element.name.text
                    guard seen.insert(name).inserted else {
                        context.diagnose(Diagnostic(node: element, message: MachineEventDiagnostic.duplicateCase(name)))
                        failed = true
                        continue
                    }
                    let values = element.parameterClause?.parameters.map { parameter in
                        (label: parameter.firstName.map { $0.text == "_" ? nil : $0.text } ?? nil,
                         type: parameter.type.trimmedDescription)
                    } ?? []
                    cases.append(Case(name: name.trimmingBackticks, values: values))
                }
            } else if let taken = Self.generatedName(declaredBy: member.decl) {
                context.diagnose(Diagnostic(node: member.decl, message: MachineEventDiagnostic.declaresGenerated(taken)))
                failed = true
            }
        }
        if cases.isEmpty && !failed {
            context.diagnose(Diagnostic(node: enumeration.name, message: MachineEventDiagnostic.noCases))
            failed = true
        }
        if failed { return nil }
        self.cases = cases
    }

    /// The name of a generated member that `declaration` declares already, if any.
    static func generatedName(declaredBy declaration: DeclSyntax) -> String? {
        let generated: Set<String> = ["Kind", "kind", "Cases", "cases"]
        var names: [String] = []
        if let type = declaration.as(EnumDeclSyntax.self) { names = [type.name.text] }
        if let type = declaration.as(StructDeclSyntax.self) { names = [type.name.text] }
        if let type = declaration.as(ClassDeclSyntax.self) { names = [type.name.text] }
        if let alias = declaration.as(TypeAliasDeclSyntax.self) { names = [alias.name.text] }
        if let variable = declaration.as(VariableDeclSyntax.self) {
            names = variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        }
        return names.first(where: generated.contains)
    }

    /// `Kind`, `kind`, `Cases` and `cases`.
    func members(access: String) -> [DeclSyntax] {
        let kindCases = cases.map { "case \($0.name.escapedIfKeyword)" }.joined(separator: "\n")
        let kindSwitch = cases.map { "case .\($0.name.escapedIfKeyword): .\($0.name.escapedIfKeyword)" }.joined(separator: "\n")
        let properties = cases.map { item -> String in
            let bindings = item.values.indices.map { "let v\($0)" }.joined(separator: ", ")
            let pattern = item.values.isEmpty ? ".\(item.name.escapedIfKeyword)" : ".\(item.name.escapedIfKeyword)(\(bindings))"
            return """
                \(access)var \(item.name.escapedIfKeyword): EventCase<\(enumName), \(item.payloadType)> {
                EventCase(.\(item.name.escapedIfKeyword)) { event in if case \(pattern) = event { \(item.payloadValue) } else { nil } }
                }
                """
        }.joined(separator: "\n")
        return [
            """
            /// The kinds of these events, without their payloads (written by `@MachineEvent`).
            \(raw: access)enum Kind: Hashable, Sendable, CaseIterable {
            \(raw: kindCases)
            }
            """,
            """
            /// This event's kind (written by `@MachineEvent`).
            \(raw: access)var kind: Kind {
            switch self {
            \(raw: kindSwitch)
            }
            }
            """,
            """
            /// One `EventCase` per case, with its payload typed, for `On(\\.name)` (written by `@MachineEvent`).
            \(raw: access)struct Cases: Sendable {
            \(raw: properties)
            }
            """,
            """
            /// The cases, which `\\.name` key paths read (written by `@MachineEvent`).
            \(raw: access)static var cases: Cases { Cases() }
            """,
        ]
    }
}

extension EventCaseList.Case {
    /// `Void`, the one value's type, or a tuple of them with their labels.
    var payloadType: String {
        switch values.count {
        case 0: return "Void"
        case 1: return values[0].type
        default:
            return "(" + values.map { value in value.label.map { "\($0): \(value.type)" } ?? value.type }.joined(separator: ", ") + ")"
        }
    }

    /// The payload built from the pattern's bindings `v0`, `v1`, ….
    var payloadValue: String {
        switch values.count {
        case 0: return "()"
        case 1: return "v0"
        default:
            return "(" + values.indices.map { index in values[index].label.map { "\($0): v\(index)" } ?? "v\(index)" }
                .joined(separator: ", ") + ")"
        }
    }
}

extension String {
    /// The name without the backticks a keyword needs as an identifier.
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
    }

    /// The name in backticks when it is a keyword.
    var escapedIfKeyword: String {
        let keywords: Set<String> = [
            "default", "case", "class", "struct", "enum", "func", "let", "var", "in", "is", "as", "do", "if", "else",
            "for", "while", "repeat", "return", "switch", "where", "self", "Self", "init", "deinit", "import",
            "protocol", "extension", "static", "public", "private", "internal", "fileprivate", "open", "true",
            "false", "nil", "throw", "throws", "try", "catch", "guard", "defer", "break", "continue", "fallthrough",
            "operator", "subscript", "typealias", "associatedtype", "inout", "super", "Any", "rethrows",
        ]
        return keywords.contains(self) ? "`\(self)`" : self
    }
}

/// What `@MachineEvent` says when it cannot derive the members.
enum MachineEventDiagnostic: DiagnosticMessage {
    case notAnEnum
    case noCases
    case duplicateCase(String)
    case declaresGenerated(String)

    var message: String {
        switch self {
        case .notAnEnum:
            "@MachineEvent applies to an enum: its cases are the events; conform other types to MachineEvent by hand"
        case .noCases:
            "@MachineEvent needs at least one case: an enum without cases has no events"
        case .duplicateCase(let name):
            "@MachineEvent needs one case per name: '\(name)' is declared twice, so its kind would be ambiguous"
        case .declaresGenerated(let name):
            "@MachineEvent declares '\(name)' itself: remove this declaration, or remove @MachineEvent and write the conformance by hand"
        }
    }

    var diagnosticID: MessageID {
        let name = switch self {
        case .notAnEnum: "notAnEnum"
        case .noCases: "noCases"
        case .duplicateCase: "duplicateCase"
        case .declaresGenerated: "declaresGenerated"
        }
        return MessageID(domain: "StatecraftMacros", id: name)
    }

    var severity: DiagnosticSeverity { .error }
}
#endif
