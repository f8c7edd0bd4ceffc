import Foundation
import FuzzSupport
import Statecraft

/// Fuzzes restoring a machine from an untrusted snapshot: JSON decoded as a ``Snapshot`` and
/// made into a machine of a chart with hierarchy, parallel regions, both kinds of history and
/// delayed transitions, and of a flat chart (the engine's fast path).
///
/// Properties checked on every input that decodes:
/// - restoring never crashes: a snapshot the chart cannot be in is a ``SnapshotError``;
/// - a restored machine's own snapshot restores to the same snapshot;
/// - a restored machine takes every event and lets time pass without crashing (the engine's
///   invariant checks run after each step in this debug build).
///
/// With `FUZZ_PRINT_SEEDS=1` in the environment the target prints, one a line, the snapshots of
/// both charts' machines at each step of a short run: the seed corpus in
/// `Fuzz/Seeds/machine-snapshot` was made that way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMachineSnapshot(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let snapshot = try? JSONDecoder().decode(Snapshot<Place, Signal, Tally>.self, from: bytes) else { return 0 }
    exercise(SnapshotCharts.nested, snapshot)
    exercise(SnapshotCharts.flat, snapshot)
    return 0
}

/// Makes the charts before fuzzing starts, so that the leak check after each input sees only
/// what the input allocated; prints the seed snapshots when `FUZZ_PRINT_SEEDS` is set.
@_cdecl("LLVMFuzzerInitialize")
public func initializeMachineSnapshot(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
    _ = (SnapshotCharts.nested, SnapshotCharts.flat)
    guard ProcessInfo.processInfo.environment["FUZZ_PRINT_SEEDS"] != nil else { return 0 }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    for chart in [SnapshotCharts.nested, SnapshotCharts.flat] {
        var machine = chart.makeMachine(context: Tally(count: 0, label: "seed"))
        for signal in [Signal.start, .pause, .next, .flip, .back, .next, .toggle, .finish] {
            if let json = try? encoder.encode(machine.snapshot) { print(String(decoding: json, as: UTF8.self)) }
            machine.send(signal)
            machine.advance(by: .milliseconds(300))
        }
    }
    exit(0)
}

/// Restores `snapshot` as a machine of `chart`, checks what it promises, and drives it.
func exercise(_ chart: Statechart<Place, Signal, Tally>, _ snapshot: Snapshot<Place, Signal, Tally>) {
    var machine: Machine<Place, Signal, Tally>
    do {
        machine = try Machine(chart: chart, snapshot: snapshot)
    } catch {
        require(!error.message.isEmpty, "a SnapshotError without a message")
        return
    }
    let taken = machine.snapshot
    do {
        let again = try Machine(chart: chart, snapshot: taken)
        require(again.snapshot == taken, "a restored machine's snapshot restores to another:\n\(taken)\n\(again.snapshot)")
    } catch {
        require(false, "a restored machine's own snapshot is refused: \(error)\n\(taken)")
    }
    for signal in Signal.allCases {
        machine.send(signal)
        machine.advance(by: .milliseconds(700))
    }
    machine.advance(by: .seconds(5))
    _ = machine.snapshot
}

/// The states of the fuzzed charts.
enum Place: String, Hashable, Sendable, Codable {
    case idle, busy, working, resting, history, deepHistory
    case split, left, leftOn, leftOff, right, rightOn, rightOff
    case done
    case red, green, amber
}

/// The events of the fuzzed charts.
enum Signal: String, MachineEvent, Codable, CaseIterable {
    case start, pause, flip, toggle, back, finish, next
}

/// The fuzzed charts' context.
struct Tally: Hashable, Sendable, Codable {
    var count: Int
    var label: String?
}

/// The charts the snapshots are restored into.
enum SnapshotCharts {
    /// Hierarchy, parallel regions, shallow and deep history, delayed transitions, a final state.
    static let nested: Statechart<Place, Signal, Tally> = {
        do {
            return try Statechart {
                Atomic(.idle) {
                    On(.start, to: .busy)
                    After(.seconds(3), to: .split)
                }
                Compound(.busy) {
                    Atomic(.working) {
                        On(.pause, to: .resting)
                        After(.seconds(1), to: .resting)
                        After(.seconds(2), to: .idle)
                    }
                    Atomic(.resting) { On(.start, to: .working) }
                    History(.history, .shallow)
                    History(.deepHistory, .deep)
                    On(.next, to: .split)
                }
                Parallel(.split) {
                    Compound(.left) {
                        Atomic(.leftOff) { On(.flip, to: .leftOn) }
                        Atomic(.leftOn) { On(.flip, to: .leftOff) }
                    }
                    Compound(.right) {
                        Atomic(.rightOff) {
                            On(.toggle, to: .rightOn)
                            After(.milliseconds(500), to: .rightOn)
                        }
                        Atomic(.rightOn) { On(.toggle, to: .rightOff) }
                    }
                    On(.back, to: .history)
                    On(.finish, to: .done)
                }
                Final(.done)
            }
        } catch {
            fatalError("the fuzzer's nested chart does not compile: \(error)")
        }
    }()

    /// A flat chart: the engine runs it on its state-by-event table, without a workspace.
    static let flat: Statechart<Place, Signal, Tally> = {
        do {
            return try Statechart {
                Atomic(.red) { On(.next, to: .green) }
                Atomic(.green) { On(.next, to: .amber) }
                Atomic(.amber) {
                    On(.next, to: .red)
                    On(.finish, to: .done)
                }
                Final(.done)
            }
        } catch {
            fatalError("the fuzzer's flat chart does not compile: \(error)")
        }
    }()
}
