/// Runs the turnstile's day and prints its lines.
@main
struct Main {
    static func main() {
        runExample { print($0) }
    }
}
