import Testing
import Synchronization
@testable import TransporterHooks

@Suite("transporter-hooks example")
struct TransporterHooksTests {
    @Test func hooksRunInTheDocumentsOrderAndBothEventsSucceed() {
        let lines = Mutex<[String]>([])
        runExample { line in lines.withLock { $0.append(line) } }
        #expect(lines.withLock { $0 } == [
            "Passed willEnterState",
            "Initial willExitState",
            "Initial didExitState",
            "Passed didEnterState",
            "Initial willEnterState",
            "Passed willExitState",
            "Passed didExitState",
            "Initial didEnterState",
            "Pass: success(Initial -> Passed)",
            "Pass3: success(Passed -> Initial)",
        ])
    }
}
