/// Runs the media player's scripted session and prints its lines.
@main
struct Main {
    static func main() {
        runExample { print($0) }
    }
}
