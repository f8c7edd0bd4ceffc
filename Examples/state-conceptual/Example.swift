/// Builds a context in ``ConcreteStateA``, sends it two requests, and writes what happens.
///
/// The first request makes state A hand over to state B; the second makes state B hand back
/// to state A.
///
/// - Parameter write: Receives each line of output, in order. It is not kept after the call.
func runExample(write: (String) -> Void) {
    withoutActuallyEscaping(write) { write in
        do {
            let context = try Context(startingIn: ConcreteStateA.self, write: write)
            context.request1()
            context.request2()
        } catch {
            write("Could not set up the context: \(error)")
        }
    }
}
