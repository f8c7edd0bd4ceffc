import Testing
@testable import Statecraft

@Suite("Event kind look-up")
struct KindIndexTests {
    enum Small: Hashable, Sendable { case a, b, c, d }

    /// A one-byte kind whose equality ignores its byte: the look-up must follow `==`, not bytes.
    struct Coarse: Hashable, Sendable {
        var byte: UInt8
        static func == (lhs: Coarse, rhs: Coarse) -> Bool { lhs.byte / 10 == rhs.byte / 10 }
        func hash(into hasher: inout Hasher) { hasher.combine(byte / 10) }
    }

    @Test func oneByteEnumKindsIndexInOrderFirstNamed() {
        let index = KindIndex<Small>([.c, .a, .c, .d])
        #expect(index.count == 3)
        #expect(index.index(of: .c) == 0)
        #expect(index.index(of: .a) == 1)
        #expect(index.index(of: .d) == 2)
        #expect(index.index(of: .b) == nil)
    }

    @Test func oneByteKindWithCustomEqualityFollowsEquality() {
        let index = KindIndex<Coarse>([Coarse(byte: 11), Coarse(byte: 25)])
        #expect(index.index(of: Coarse(byte: 11)) == 0)
        #expect(index.index(of: Coarse(byte: 19)) == 0)
        #expect(index.index(of: Coarse(byte: 20)) == 1)
        #expect(index.index(of: Coarse(byte: 30)) == nil)
    }

    @Test func wideKindsUseTheDictionary() {
        let index = KindIndex<String>(["play", "pause", "play"])
        #expect(index.count == 2)
        #expect(index.index(of: "pause") == 1)
        #expect(index.index(of: "stop") == nil)
    }

    @Test func smallIntKindsIndexByValue() {
        let index = KindIndex<Int>([7, 0, 3, 7, 255])
        #expect(!index.intSlots.isEmpty)
        #expect(index.count == 4)
        #expect(index.index(of: 7) == 0)
        #expect(index.index(of: 0) == 1)
        #expect(index.index(of: 3) == 2)
        #expect(index.index(of: 255) == 3)
        // Values the chart does not name: inside the array, past its end, negative, huge.
        for absent in [1, 6, 254, 256, 1_000, -1, Int.min, Int.max] {
            #expect(index.index(of: absent) == nil, "\(absent)")
        }
    }

    @Test func intKindsWithNegativeOrLargeValuesUseTheDictionary() {
        for kinds in [[-3, 0, 5], [0, 1, 10_000]] {
            let index = KindIndex<Int>(kinds)
            #expect(index.intSlots.isEmpty)
            for (position, kind) in kinds.enumerated() { #expect(index.index(of: kind) == position) }
            #expect(index.index(of: 2) == nil)
        }
    }

    @Test func kindWithOneValueHasIndexZero() {
        enum Only: Hashable, Sendable { case one }
        #expect(KindIndex<Only>([.one]).index(of: .one) == 0)
        #expect(KindIndex<Only>([]).index(of: .one) == nil)
    }

    @Test func stringKindedChartWorksEndToEnd() throws {
        struct Named: MachineEvent { var kind: String }
        let chart = try Statechart<Light, Named, Void> {
            Atomic(.off) { On("flip", to: .on) }
            Atomic(.on) { On("flip", to: .off) }
        }
        var machine = chart.makeMachine()
        #expect(machine.send(Named(kind: "flip")) == .transitioned(from: .off, to: .on))
        #expect(machine.send(Named(kind: "flop")).rejection?.code == .noTransition)
    }
}
