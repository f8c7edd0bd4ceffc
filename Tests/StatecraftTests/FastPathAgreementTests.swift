import Testing
@testable import Statecraft

/// The debug-build check that every compiled fast path (leaf steps, region steps, microstep
/// plans) exits, enters and runs what the general path would (`ChartCompilation+Agreement.swift`).
/// Every chart built in a debug build passes through it; these tests show that it sees a
/// compiled list that went wrong.
@Suite("Fast paths agree with the general path")
struct FastPathAgreementTests {
    @ChartBuilder<S, E, Log>
    static func nested() -> [ChartElement<S, E, Log>] {
        Compound(.a) {
            OnEntry { log, _ in log.count += 1 }
            OnExit { log, _ in log.count += 2 }
            Atomic(.a1) {
                OnExit { log, _ in log.count += 3 }
                On(.go, to: .b) { log, _ in log.count += 4 }
            }
        }
        Compound(.b) {
            OnEntry { log, _ in log.count += 5 }
            Atomic(.b1) { OnEntry { log, _ in log.count += 7 } }
        }
    }

    @ChartBuilder<S, E, Log>
    static func parallel() -> [ChartElement<S, E, Log>] {
        Parallel(.p) {
            Compound(.r1) {
                Atomic(.x1) {
                    OnExit { log, _ in log.count += 1 }
                    On(.go, to: .x2) { log, _ in log.count += 2 }
                }
                Atomic(.x2) { OnEntry { log, _ in log.count += 3 } }
            }
            Compound(.r2) {
                Atomic(.y1) {
                    OnExit { log, _ in log.count += 4 }
                    On(.go, to: .y2)
                }
                Atomic(.y2) { OnEntry { log, _ in log.count += 5 } }
            }
        }
    }

    @Test func compiledChartsAgree() throws {
        let flat = try ChartCompilation<S, E, Log>(Self.nested().map(\.declaration), initial: [], rootTargets: nil)
        #expect(!flat.leafSteps.isEmpty)
        #expect(flat.fastPathDisagreement() == nil)
        let regions = try ChartCompilation<S, E, Log>(Self.parallel().map(\.declaration), initial: [], rootTargets: nil)
        #expect(!regions.regionSteps.isEmpty && !regions.plans.isEmpty)
        #expect(regions.fastPathDisagreement() == nil)
    }

    @Test func aLeafStepRunningItsActionsOutOfOrderIsSeen() throws {
        var compiled = try ChartCompilation<S, E, Log>(Self.nested().map(\.declaration), initial: [], rootTargets: nil)
        let step = try #require(compiled.leafSteps.first { $0.actionCount > 1 })
        let start = Int(step.actionStart)
        compiled.leafActions.swapAt(start, start + 1)
        let found = try #require(compiled.fastPathDisagreement())
        #expect(found.contains("the leaf step of transition"))
    }

    @Test func aRegionStepThatLosesAnEntryActionIsSeen() throws {
        var compiled = try ChartCompilation<S, E, Log>(Self.parallel().map(\.declaration), initial: [], rootTargets: nil)
        let index = try #require(compiled.regionSteps.firstIndex { $0.flags & RegionStep.simple != 0 && $0.entryActionCount > 0 })
        compiled.regionSteps[index].entryActionCount -= 1
        let found = try #require(compiled.fastPathDisagreement())
        #expect(found.contains("the region step of transition"))
    }

    @Test func aPlanThatLeavesTheWrongConfigurationIsSeen() throws {
        var compiled = try ChartCompilation<S, E, Log>(Self.parallel().map(\.declaration), initial: [], rootTargets: nil)
        compiled.plans[0].next ^= 1 << 1
        let found = try #require(compiled.fastPathDisagreement())
        #expect(found.contains("the plan for column"))
    }
}
