#if !Postgres
import Foundation

// Built without the Postgres trait (which enables Durable), the example is only this file: it says how
// to build it.
@main
enum OrdersWithoutPostgres {
    static func main() {
        FileHandle.standardError.write(Data("""
            orders is built only with the package trait Postgres (StatecraftDurable and StatecraftDurablePostgres): \
            swift run --traits Postgres orders \(CommandLine.arguments.dropFirst().joined(separator: " "))

            """.utf8))
        exit(2)
    }
}
#endif
