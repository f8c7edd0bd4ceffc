#if Postgres
import Foundation
import Statecraft
@testable import StatecraftDurable
import Testing

@Suite struct BadDataTests {
    /// Expects `body` to throw a ``DurableError`` with `code`, and returns it.
    @discardableResult
    func expectError(_ code: DurableError.Code, _ body: () async throws -> Void) async -> DurableError? {
        do {
            try await body()
            Issue.record("expected a \(code) error, got none")
        } catch let error as DurableError {
            #expect(error.code == code, "\(error)")
            return error
        } catch {
            Issue.record("expected a DurableError, got \(error)")
        }
        return nil
    }

    @Test func corruptSnapshotIsAnErrorAndOtherMachinesGoOn() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            try await withMachines(in: folder, charts: [lamp]) { machines, store in
                try await machines.create("good", chart: "lamp")
                try await machines.create("bad", chart: "lamp")
                try await machines.create("worse", chart: "lamp")
            }
            try await withMachines(in: folder, charts: [lamp]) { machines, store in
                try await store.run("UPDATE statecraft_machines SET snapshot = '{\"activeStates\": [\"on\"' WHERE id = 'bad'")
                try await store.run(
                    "UPDATE statecraft_machines SET snapshot = ? WHERE id = 'worse'",
                    [.text(#"{"activeStates":["on","off"],"context":{"toggles":0,"timeouts":0,"outgoing":[]},"history":[],"now":[0,0],"status":{"running":{}},"timers":[]}"#)]
                )
                let error = await expectError(.corruptRow) {
                    _ = try await machines.send(lamp.encode(.toggle), to: "bad", id: "e1")
                }
                #expect(error?.machineID == "bad")
                await expectError(.corruptRow) { _ = try await machines.send(lamp.encode(.toggle), to: "worse", id: "e2") }
                // The failed events were not journalled: once the row is repaired they apply.
                #expect(try await store.run("SELECT 1 FROM statecraft_journal WHERE event_id IN ('e1', 'e2')").isEmpty)
                guard case .applied = try await machines.send(lamp.encode(.toggle), to: "good", id: "e3") else {
                    Issue.record("the good machine did not take its event")
                    return
                }
            }
        }
    }

    @Test func rowOfWrongColumnTypeOrUnknownChartIsAnError() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            try await withMachines(in: folder, charts: [lamp]) { machines, store in
                try await store.run(
                    "INSERT INTO statecraft_machines VALUES ('blob', 'lamp', 1, x'00ff', 0, NULL, 1), ('foreign', 'kettle', 1, '{}', 0, NULL, 1)"
                )
                await expectError(.corruptRow) { _ = try await machines.send(lamp.encode(.toggle), to: "blob", id: "e1") }
                await expectError(.unknownChart) { _ = try await machines.send(lamp.encode(.toggle), to: "foreign", id: "e2") }
                await expectError(.unknownMachine) { _ = try await machines.send(lamp.encode(.toggle), to: "nobody", id: "e3") }
                await expectError(.machineExists) { try await machines.create("foreign", chart: "lamp") }
                await expectError(.unknownChart) { try await machines.create("x", chart: "kettle") }
            }
        }
    }

    @Test func eventOfAnotherChartIsRejectedWithoutBeingJournalled() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            try await withMachines(in: folder, charts: [lamp]) { machines, store in
                try await machines.create("lamp", chart: "lamp")
                await expectError(.invalidEvent) { _ = try await machines.send(Data("not json".utf8), to: "lamp", id: "e1") }
                #expect(try await store.run("SELECT 1 FROM statecraft_journal").isEmpty)
                guard case .applied = try await machines.send(lamp.encode(.toggle), to: "lamp", id: "e1") else {
                    Issue.record("a corrected event with the rejected id was not applied")
                    return
                }
            }
        }
    }

    @Test func snapshotOfAnotherVersionIsAnErrorUnlessMigrated() async throws {
        try await withTemporaryDirectory { folder in
            try await withMachines(in: folder, charts: [try makeLampChart(version: 1)]) { machines, _ in
                try await machines.create("lamp", chart: "lamp")
                _ = try await machines.send(try makeLampChart().encode(.toggle), to: "lamp", id: "e1")
            }
            let unmigrated = try makeLampChart(version: 2)
            try await withMachines(in: folder, charts: [unmigrated]) { machines, _ in
                let error = await expectError(.versionMismatch) {
                    _ = try await machines.send(unmigrated.encode(.toggle), to: "lamp", id: "e2")
                }
                #expect(error?.message.contains("version 1") == true)
                #expect(error?.message.contains("migration") == true)
            }
            // Version 2 counts toggles from 100: its migration rewrites the context.
            let migrated = try makeLampChart(version: 2) { data, version in
                guard version == 1 else { throw DurableError(code: .versionMismatch, message: "no migration from \(version)") }
                var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
                var context = object["context"] as? [String: Any] ?? [:]
                context["toggles"] = (context["toggles"] as? Int ?? 0) + 100
                object["context"] = context
                return try JSONSerialization.data(withJSONObject: object)
            }
            try await withMachines(in: folder, charts: [migrated]) { machines, _ in
                _ = try await machines.send(migrated.encode(.toggle), to: "lamp", id: "e2")
                let machine = try await machines.machine("lamp", of: migrated)
                #expect(machine.context.toggles == 102)
                #expect(machine.activeStates == [.off])
                #expect(try await machines.row("lamp").version == 2)
            }
        }
    }

    @Test func duplicatedEventIDIsAcknowledgedAndNotApplied() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            try await withMachines(in: folder, charts: [lamp]) { machines, store in
                try await machines.create("a", chart: "lamp")
                try await machines.create("b", chart: "lamp")
                _ = try await machines.send(lamp.encode(.toggle), to: "a", id: "same")
                // The same id again, concurrently, and to another machine: none is applied.
                try await withThrowingTaskGroup(of: DurableSendResult.self) { group in
                    for target in ["a", "b", "a"] {
                        group.addTask { try await machines.send(lamp.encode(.toggle), to: target, id: "same") }
                    }
                    for try await result in group { #expect(result == .duplicate) }
                }
                #expect(try await machines.machine("a", of: lamp).context.toggles == 1)
                #expect(try await machines.machine("b", of: lamp).context.toggles == 0)
                #expect(try await store.run("SELECT 1 FROM statecraft_journal WHERE event_id = 'same'").count == 1)
                await expectError(.invalidArgument) { _ = try await machines.send(lamp.encode(.toggle), to: "a", id: "") }
            }
        }
    }

    @Test func fileThatIsNotADatabaseIsAnError() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("text.sqlite").path
            try Data(String(repeating: "not a database ", count: 100).utf8).write(to: URL(fileURLWithPath: path))
            do {
                _ = try await SQLiteDurableStore(path: path)
                Issue.record("a text file opened as a store")
            } catch let error as DurableError {
                #expect(error.code == .database)
            }
        }
    }
}
#endif
