/// Runs the work-day example and prints its lines.
@main
struct Main {
    static func main() {
        runExample { print($0) }
    }
}
