#if Postgres
import Foundation
import StatecraftTesting
import Statecraft
@testable import StatecraftDurable
import StatecraftDurableSCXML
import StatecraftSCXML
import Testing

@Suite struct DurableSendTests {
    @Test func eventIsAppliedOnceAndSurvivesReopening() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            try await withMachines(in: folder, charts: [lamp]) { machines, _ in
                #expect(try await machines.create("lamp-a", chart: "lamp"))
                #expect(try await machines.create("lamp-a", chart: "lamp") == false)
                let first = try await machines.send(lamp.encode(.toggle), to: "lamp-a", id: "e1")
                guard case .applied = first else { Issue.record("expected applied, got \(first)"); return }
                #expect(try await machines.send(lamp.encode(.toggle), to: "lamp-a", id: "e1") == .duplicate)
            }
            try await withMachines(in: folder, charts: [lamp]) { machines, _ in
                #expect(try await machines.send(lamp.encode(.toggle), to: "lamp-a", id: "e1") == .duplicate)
                let machine = try await machines.machine("lamp-a", of: lamp)
                #expect(machine.activeStates == [.on])
                #expect(machine.context.toggles == 1)
            }
        }
    }

    @Test func concurrentSendsToManyMachinesAreAllApplied() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            try await withMachines(in: folder, charts: [lamp]) { machines, store in
                for index in 0 ..< 20 { try await machines.create("lamp-\(index)", chart: "lamp") }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0 ..< 200 {
                        group.addTask { _ = try await machines.send(lamp.encode(.toggle), to: "lamp-\(index % 20)", id: "e\(index)") }
                    }
                    try await group.waitForAll()
                }
                for index in 0 ..< 20 {
                    #expect(try await machines.machine("lamp-\(index)", of: lamp).context.toggles == 10)
                }
                let rows = try await store.run("SELECT COUNT(*) AS n FROM statecraft_journal WHERE kind = 'event'")
                #expect(rows.first?.column("n")?.integer == 200)
            }
        }
    }

    /// Two hosts on one SQLite store take turns on its one connection: without the store's gate
    /// the second `BEGIN` would land inside the first's transaction and fail.
    @Test func twoHostsOnOneSQLiteStoreTakeTurns() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            try await withMachines(in: folder, charts: [lamp]) { first, store in
                let second = DurableMachines(store: store, charts: [lamp])
                for index in 0 ..< 4 { try await first.create("lamp-\(index)", chart: "lamp") }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0 ..< 80 {
                        let host = index.isMultiple(of: 2) ? first : second
                        group.addTask { _ = try await host.send(lamp.encode(.toggle), to: "lamp-\(index % 4)", id: "e\(index)") }
                    }
                    try await group.waitForAll()
                }
                await second.close()
                let rows = try await store.run("SELECT COUNT(*) AS n FROM statecraft_journal WHERE kind = 'event'")
                #expect(rows.first?.column("n")?.integer == 80)
                let revisions = try await store.run("SELECT SUM(revision) AS n FROM statecraft_machines")
                // Each machine: revision 1 when made, one more per event applied to it.
                #expect(revisions.first?.column("n")?.integer == 4 + 80)
            }
        }
    }

    @Test func timerDueWhileNoProcessRanFiresOnceLate() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            let clock = ManualClock(now: .seconds(1_000))
            try await withMachines(in: folder, charts: [lamp], clock: clock) { machines, _ in
                try await machines.create("lamp", chart: "lamp")
                _ = try await machines.send(lamp.encode(.toggle), to: "lamp", id: "on")
                #expect(try await machines.fireDueTimers() == 0)
            }
            // The process is gone for a minute; the 5 s timer fell due meanwhile.
            clock.advance(by: .milliseconds(60_000))
            try await withMachines(in: folder, charts: [lamp], clock: clock) { machines, store in
                #expect(try await machines.fireDueTimers() == 1)
                #expect(try await machines.fireDueTimers() == 0)
                let machine = try await machines.machine("lamp", of: lamp)
                #expect(machine.activeStates == [.off])
                #expect(machine.context.timeouts == 1)
                let rows = try await store.run("SELECT event_id FROM statecraft_journal WHERE kind = 'timer'")
                #expect(rows.count == 1)
                #expect(rows.first?.column("event_id")?.string == "timer:lamp:\(1_000_000 + 5_000)")
            }
        }
    }

    @Test func sendFiresTheMachinesDueTimersFirst() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            let clock = ManualClock(now: .seconds(1_000))
            try await withMachines(in: folder, charts: [lamp], clock: clock) { machines, _ in
                try await machines.create("lamp", chart: "lamp")
                _ = try await machines.send(lamp.encode(.toggle), to: "lamp", id: "on")
                clock.advance(by: .milliseconds(6_000))
                // The timer turned it off at 5 s, so this toggle turns it on again.
                _ = try await machines.send(lamp.encode(.toggle), to: "lamp", id: "again")
                let machine = try await machines.machine("lamp", of: lamp)
                #expect(machine.activeStates == [.on])
                #expect(machine.context.timeouts == 1)
                #expect(machine.context.toggles == 2)
            }
        }
    }

    @Test func outboxMessageIsDeliveredAndAppliedOnce() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            try await withMachines(in: folder, charts: [lamp]) { machines, store in
                try await machines.create("a", chart: "lamp")
                try await machines.create("b", chart: "lamp")
                _ = try await machines.send(lamp.encode(.relay(to: "b")), to: "a", id: "r1")
                // The message is in the outbox, committed with the step; b has not changed yet.
                #expect(try await machines.machine("b", of: lamp).context.toggles == 0)
                #expect(try await machines.machine("a", of: lamp).context.outgoing.isEmpty)
                #expect(try await machines.deliverMessages() == 1)
                #expect(try await machines.deliverMessages() == 0)
                // Delivered at least once: deliver it again by hand; its id keeps it applied once.
                try await store.run("UPDATE statecraft_outbox SET delivered = 0")
                #expect(try await machines.deliverMessages() == 1)
                let b = try await machines.machine("b", of: lamp)
                #expect(b.context.toggles == 1)
                #expect(b.activeStates == [.on])
            }
        }
    }

    @Test func scxmlSessionIsDurableWithTimersAndOutbox() async throws {
        try await withTemporaryDirectory { folder in
            let counter = SCXMLDurableChart(name: "counter", version: 1, document: try SCXMLDocument(xml: counterDocument))
            let clock = ManualClock(now: .seconds(1_000))
            try await withMachines(in: folder, charts: [counter], clock: clock) { machines, _ in
                try await machines.create("main", chart: "counter")
                try await machines.create("other", chart: "counter")
                _ = try await machines.send(counter.encode(SCXMLDurableEvent("go")), to: "main", id: "g1")
                _ = try await machines.send(counter.encode(SCXMLDurableEvent("ping")), to: "main", id: "p1")
            }
            clock.advance(by: .milliseconds(3_000))
            try await withMachines(in: folder, charts: [counter], clock: clock) { machines, _ in
                #expect(try await machines.deliverMessages() == 1)
                #expect(try await machines.fireDueTimers() == 1)
                let main = try await machines.row("main")
                let other = try await machines.row("other")
                let mainSession = try JSONDecoder().decode(SCXMLSession.Snapshot.self, from: main.snapshot)
                let otherSession = try JSONDecoder().decode(SCXMLSession.Snapshot.self, from: other.snapshot)
                #expect(mainSession.activeStates == ["idle"])
                #expect(mainSession.variables.first { $0.name == "count" }?.value == .number(1))
                #expect(otherSession.activeStates == ["busy"])
                #expect(other.nextDue != nil)
            }
        }
    }
}
#endif
