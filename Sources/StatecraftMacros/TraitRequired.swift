#if !Macros
// Built without the Macros trait, this module is only this file: `@MachineEvent`, unavailable, tells
// a user who added the product without the trait which one to enable (scripts/check-traits). Its
// plug-in is not built then; a build of this module alone warns that it could not be found.

/// Unavailable: `@MachineEvent` is built only with the package trait `Macros`.
@available(*, unavailable, message: "StatecraftMacros is built only with the package trait Macros: .package(url: \"https://github.com/OWNER/statecraft\", branch: \"main\", traits: [\"Macros\"]) in your Package.swift (in a clone: swift build --traits Macros)")
@attached(member, names: named(Kind), named(kind), named(Cases), named(cases))
public macro MachineEvent() = #externalMacro(module: "StatecraftMacroPlugin", type: "MachineEventMacro")
#endif
