/// Runs the Staty scenario on the continuous clock and prints its timeline:
///
/// ```
/// 0.0s enter loading
/// 1.0s exit-begin loading
/// 1.3s exit-end loading
/// 1.3s enter content
/// 1.3s exit-begin content
/// 1.3s exit-end content
/// 1.3s enter loading
/// 1.3s exit-begin loading
/// 1.6s exit-end loading
/// 1.6s enter error
/// ```
///
/// On setup the view model asks for loading, which the view shows at once. One second later
/// it asks for content, loading and error in a row. The runtime queues them: loading fades
/// out for 0.3 s before content appears (1.3 s); content leaves at once and loading is shown
/// again; it fades out for 0.3 s more before the error appears (1.6 s). Each state is shown
/// only once the previous one has left.
@main
struct Main {
    static func main() async {
        do {
            let scene = try StatyScene(clock: ContinuousClock()) { print($0) }
            scene.start()
            await scene.finish()
        } catch {
            print("definition error: \(error)")
        }
    }
}
