#if Postgres
/// The command line: `orders --store PATH_OR_URL --machines M --events N --seed S [--workers W]`.
struct OrderOptions: Equatable {
    var store = "orders.sqlite"
    var machines = 0
    var events = 0
    var seed: UInt64 = 0
    var workers = 1
    /// Set in the processes `--workers` starts: which share of the machines the process takes
    /// first (`--worker K`, not for users).
    var worker: Int?

    /// Whether `--store` names a PostgreSQL server.
    var isPostgres: Bool {
        store.hasPrefix("postgres://") || store.hasPrefix("postgresql://")
    }

    /// The arguments that run this command again, for a worker process.
    var arguments: [String] {
        ["--store", store, "--machines", "\(machines)", "--events", "\(events)", "--seed", "\(seed)", "--workers", "\(workers)"]
    }

    static let usage = "usage: orders --store PATH_OR_URL --machines M --events N --seed S [--workers W]"

    /// Reads the options after the program's name; a message saying what is wrong otherwise.
    static func parse(_ arguments: [String]) -> Result<OrderOptions, OrderOptionsError> {
        var options = OrderOptions()
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            guard ["--store", "--machines", "--events", "--seed", "--workers", "--worker"].contains(name) else {
                return .failure(OrderOptionsError("unknown argument '\(name)'"))
            }
            guard index + 1 < arguments.count else { return .failure(OrderOptionsError("\(name) needs a value")) }
            let value = arguments[index + 1]
            seen.insert(name)
            switch name {
            case "--store":
                guard !value.isEmpty else { return .failure(OrderOptionsError("--store needs a path or a postgres:// URL")) }
                options.store = value
            case "--seed":
                guard let seed = UInt64(value) else { return .failure(OrderOptionsError("--seed takes a whole number from 0, not '\(value)'")) }
                options.seed = seed
            default:
                guard let number = Int(value), number >= 0, number <= 100_000_000 else {
                    return .failure(OrderOptionsError("\(name) takes a whole number from 0 to 100000000, not '\(value)'"))
                }
                switch name {
                case "--machines": options.machines = number
                case "--events": options.events = number
                case "--worker": options.worker = number
                default: options.workers = number
                }
            }
            index += 2
        }
        for required in ["--machines", "--events", "--seed"] where !seen.contains(required) {
            return .failure(OrderOptionsError("\(required) is required"))
        }
        if options.machines == 0 { return .failure(OrderOptionsError("--machines must be at least 1")) }
        if options.workers == 0 { return .failure(OrderOptionsError("--workers must be at least 1")) }
        if options.workers > 64 { return .failure(OrderOptionsError("--workers must be at most 64")) }
        if options.workers > 1, !options.isPostgres {
            return .failure(OrderOptionsError("--workers above 1 needs a postgres:// store: a SQLite file has one writer"))
        }
        if let worker = options.worker, worker >= options.workers {
            return .failure(OrderOptionsError("--worker must be below --workers"))
        }
        return .success(options)
    }
}

/// What is wrong with the command line.
struct OrderOptionsError: Error, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
#endif
