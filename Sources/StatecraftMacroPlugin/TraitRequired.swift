#if !Macros
// Built without the Macros trait, the plug-in has no macro; nothing runs it (StatecraftMacros then
// declares `@MachineEvent` unavailable and does not depend on it), but as an executable it needs a main.
@main
enum StatecraftMacroPluginWithoutMacros {
    static func main() {}
}
#endif
