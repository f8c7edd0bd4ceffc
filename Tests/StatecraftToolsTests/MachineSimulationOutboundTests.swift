import Statecraft
@testable import StatecraftTools
import Testing

/// A typed machine's event scheduled to leave it (`Effects.send(_:to:after:id:)`) in a
/// simulation: named as it prints, or by its id, like a delayed send.
@Suite("Simulation: events that leave a typed machine")
struct MachineSimulationOutboundTests {
    enum Light: Hashable, Sendable { case on }
    enum Signal: MachineEvent, Equatable { case ping, tick }

    @Test func waitForItsIDHandsItToTheChartsHandlerAheadOfItsDeadline() throws {
        let chart = try Statechart<Light, Signal, [String]>(outbound: { sent, outbound, _ in
            sent.append("\(outbound.event) to \(outbound.target)")
        }) {
            Atomic(.on) {
                On(.ping) { _, _, effects in effects.send(.tick, to: "app:log", after: .seconds(5), id: "t1") }
            }
        }
        var simulation = MachineSimulation(
            machine: chart.makeMachine(context: []), events: SimulationEvents([.init("ping") { _ in .ping }])
        )
        _ = try simulation.run(script: "ping\n")
        #expect(simulation.timerNames == ["tick to app:log (id t1)"])
        _ = try simulation.run(script: "wait for t1\n")
        #expect(simulation.machine.context == ["tick to app:log"])
        #expect(simulation.timerNames.isEmpty && simulation.machine.now == .zero)
    }
}
