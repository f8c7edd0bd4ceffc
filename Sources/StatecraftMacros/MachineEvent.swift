#if Macros
import Statecraft

/// Makes an enum a `MachineEvent` whose cases transitions can name with their
/// payloads typed.
///
/// ```swift
/// import Statecraft
/// import StatecraftMacros
///
/// @MachineEvent
/// enum Action { case open, close, lock, unlock(code: Int) }
///
/// let door = try Statechart<Door, Action, Int> {
///     Atomic(.locked) {
///         On(\.unlock, to: .closed, guard: { secret, code in code == secret })
///     }
///     // ...
/// }
/// ```
///
/// The macro writes, inside the enum:
/// - `Kind`, an enum with one payload-free case per case, and `kind`, the kind of each event:
///   what `MachineEvent` asks for, so `On(.open)` names a kind;
/// - `Cases`, with one `EventCase` per case, and `cases`: what
///   `PayloadCases` asks for, so `On(\.unlock)` gives its guard and action the
///   case's payload: the one value's type (`Int` here), a tuple of several values with their
///   labels, or `Void` for a case without values;
///
/// and conforms the enum to both protocols. It refuses, with an error on the line at fault, a
/// declaration that is not an enum, an enum without cases, two cases of one name, and an
/// enum that declares `Kind`, `kind`, `Cases` or `cases` itself.
///
/// The macro is in a product of its own (`StatecraftMacros`) because it needs swift-syntax to
/// build; the hand-written form (see `MachineEvent` and `EventCase`)
/// needs nothing else.
@attached(member, names: named(Kind), named(kind), named(Cases), named(cases))
@attached(extension, conformances: Statecraft.MachineEvent, Statecraft.PayloadCases)
public macro MachineEvent() = #externalMacro(module: "StatecraftMacroPlugin", type: "MachineEventMacro")
#endif
