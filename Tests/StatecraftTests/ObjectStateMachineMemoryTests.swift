import Statecraft
import Testing

extension ObjectStateMachineTests {
    /// How states reach their context, and that no reference cycle keeps the objects alive.
    @Suite
    struct Memory {
        @Test
        func stateReachesItsContextThroughItsMachine() throws {
            let idle = Idle()
            let journal = try makeJournal(idle)

            #expect(idle.context === journal)
            #expect(idle.machine === journal.machine)
            #expect(journal.machine?.context === journal)
        }

        @Test
        func unregisteredStateHasNoMachineAndNoContext() {
            let idle = Idle()

            #expect(idle.machine == nil)
            #expect(idle.context == nil)
        }

        @Test
        func contextThatOwnsItsMachineIsDeallocatedWhenReleased() throws {
            weak var weakJournal: Journal?
            weak var weakMachine: ObjectStateMachine<Journal>?
            weak var weakIdle: Idle?
            weak var weakRunning: Running?
            do {
                let idle = Idle()
                let running = Running()
                let journal = try makeJournal(idle, running)
                journal.machine?.enter(Idle.self)
                journal.machine?.enter(Running.self)
                weakJournal = journal
                weakMachine = journal.machine
                weakIdle = idle
                weakRunning = running
                #expect(weakJournal != nil && weakMachine != nil && weakIdle != nil && weakRunning != nil)
            }

            #expect(weakJournal == nil)
            #expect(weakMachine == nil)
            #expect(weakIdle == nil)
            #expect(weakRunning == nil)
        }

        @Test
        func machineDoesNotKeepItsContextAlive() throws {
            let idle = Idle()
            var journal: Journal? = Journal()
            weak var weakJournal: Journal?
            weakJournal = journal
            let machine = try ObjectStateMachine(context: try #require(journal), states: [idle])

            journal = nil

            #expect(weakJournal == nil)
            #expect(machine.context == nil)
            #expect(idle.context == nil)
            #expect(idle.machine === machine)
            #expect(machine.enter(Idle.self))
        }

        @Test
        func stateCanJoinANewMachineOnceItsMachineIsReleased() throws {
            let idle = Idle()
            var first: Journal? = try makeJournal(idle)
            #expect(idle.machine != nil)

            first = nil
            let second = try makeJournal(idle)

            #expect(first == nil)
            #expect(idle.machine === second.machine)
            #expect(idle.context === second)
        }
    }
}
