import Foundation
import Synchronization

extension ConformanceRunner {
    /// What a client outside the session does for a manual test (W3C 513): posts a form to the
    /// session's Basic HTTP location once the document logs it with the label ``locationLabel``.
    /// The answer's status is logged with the label ``statusLabel``.
    package struct OutsidePost: Sendable {
        /// The label of the `<log>` whose value is the session's location.
        package static let locationLabel = "location"
        /// The label of the line that holds the answer's status code, or why none came.
        package static let statusLabel = "HTTP status"
        /// The event's name, sent in the header `_scxmleventname`.
        package var eventName: String
        /// The body, `application/x-www-form-urlencoded`.
        package var form: String
    }
}

/// The lines a test and the sessions it invoked logged, gathered by their log handler, and the
/// answers of the posts made from outside the session (on threads of their own).
final class LogBook: Sendable {
    private let gathered = Mutex<[ConformanceRunner.LogLine]>([])
    private let posts = DispatchGroup()

    var lines: [ConformanceRunner.LogLine] { gathered.withLock { $0 } }

    func append(_ line: ConformanceRunner.LogLine) {
        gathered.withLock { $0.append(line) }
    }

    /// Posts from a thread of its own, since the session's thread must go on to take the event.
    func post(
        _ post: ConformanceRunner.OutsidePost, to location: String,
        with client: @escaping @Sendable (String, String, String) -> String
    ) {
        posts.enter()
        Thread {
            let status = client(location, post.eventName, post.form)
            self.append(ConformanceRunner.LogLine(label: ConformanceRunner.OutsidePost.statusLabel, message: status))
            self.posts.leave()
        }.start()
    }

    /// Waits for the posts' answers, at most ten seconds (each post gives up after five).
    func waitForPosts() {
        _ = posts.wait(timeout: .now() + 10)
    }
}
