#if Macros
import StatecraftMacroExpansion
import SwiftCompilerPlugin
public import SwiftSyntax
public import SwiftSyntaxMacros

/// The compiler plug-in that carries Statecraft's macros. Their expansions are in
/// `StatecraftMacroExpansion`, a library the tests can import without being built for the
/// host; the compiler finds a macro by this module's name, so each has a forwarding type here.
@main
struct StatecraftMacroPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [MachineEventMacro.self]
}

/// `@MachineEvent`: see `MachineEventExpansion`.
public struct MachineEventMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try MachineEventExpansion.expansion(
            of: node, providingMembersOf: declaration, conformingTo: protocols, in: context
        )
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try MachineEventExpansion.expansion(
            of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols, in: context
        )
    }
}
#endif
