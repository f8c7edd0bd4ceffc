#if Postgres
import Foundation

/// Runs order machines durably: `orders --store PATH_OR_URL --machines M --events N --seed S
/// [--workers W]`. Prints `ack <event id>` as each event becomes durable and
/// `done: <N> events, <M> machines, digest <hex>` at the end. Killed at any instant and run
/// again with the same arguments, it resumes and ends with the same digest.
///
/// Timers run on a logical clock moved by the event index (event i is sent at i·1000/M ms), not
/// on the wall clock, so that every run of one seed fires the same timeouts at the same events.
@main
struct Main {
    static func main() async {
        let options: OrderOptions
        switch OrderOptions.parse(Array(CommandLine.arguments.dropFirst())) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            FileHandle.standardError.write(Data("orders: \(error)\n\(OrderOptions.usage)\n".utf8))
            exit(2)
        }
        do {
            // Written unbuffered: a line printed is a line another process can read, even if
            // this one is killed right after.
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            let program = FileManager.default.isExecutableFile(atPath: executable.path)
                ? executable : URL(fileURLWithPath: CommandLine.arguments[0])
            _ = try await runOrders(options, executable: program, log: { line in
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }) { line in
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("orders: \(error)\n".utf8))
            exit(1)
        }
    }
}
#endif
