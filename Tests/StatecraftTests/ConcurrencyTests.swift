import Testing
import Statecraft

@Suite("Sharing across tasks")
struct ConcurrencyTests {
    @Test func oneChartServesMachinesOnManyTasksAtOnce() async throws {
        let chart = try Statechart<Light, Command, Int> {
            Atomic(.off) {
                On(.add, to: .on) { total, command in
                    if case .add(let amount) = command { total += amount }
                }
            }
            Atomic(.on) {
                On(.add, to: .off) { total, command in
                    if case .add(let amount) = command { total += amount }
                }
            }
        }
        let totals = await withTaskGroup(of: (Int, Int, Light).self) { group in
            for task in 1...16 {
                group.addTask {
                    var machine = chart.makeMachine(context: 0)
                    for _ in 0..<1_001 { machine.send(.add(task)) }
                    return (task, machine.context, machine.state)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(totals.count == 16)
        for (task, total, state) in totals {
            #expect(total == task * 1_001)
            #expect(state == .on)
        }
    }

    @Test func machineIsHandedToAnotherTaskWithItsState() async throws {
        let chart = try Statechart<Light, Switch, Int> {
            Atomic(.off) { On(.toggle, to: .on) { count, _ in count += 1 } }
            Atomic(.on) { On(.toggle, to: .off) { count, _ in count += 1 } }
        }
        var machine = chart.makeMachine(context: 0)
        machine.send(.toggle)
        let moved = machine
        let result = await Task.detached {
            var machine = moved
            machine.send(.toggle)
            return machine
        }.value
        #expect(result.state == .off)
        #expect(result.context == 2)
        #expect(machine.state == .on)
    }
}
