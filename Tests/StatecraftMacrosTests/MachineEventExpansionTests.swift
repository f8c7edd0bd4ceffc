#if Macros
import StatecraftMacroExpansion
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@MachineEvent` writes, and what it refuses, checked on the source text.
@Suite("@MachineEvent expansion")
struct MachineEventExpansionTests {
    static let specs = [
        "MachineEvent": MacroSpec(
            type: MachineEventExpansion.self,
            conformances: [TypeSyntax("Statecraft.MachineEvent"), TypeSyntax("Statecraft.PayloadCases")]
        )
    ]

    /// Compares an expansion, recording any difference as a test issue.
    static func expand(
        _ source: String, to expanded: String, diagnostics: [DiagnosticSpec] = [],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        assertMacroExpansion(
            source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: specs,
            failureHandler: { failure in Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation) }
        )
    }

    @Test func anEnumGetsKindsCasesAndBothConformances() {
        Self.expand(
            """
            @MachineEvent
            enum Input {
                case coin(cents: Int), push
            }
            """,
            to: """
                enum Input {
                    case coin(cents: Int), push

                    /// The kinds of these events, without their payloads (written by `@MachineEvent`).
                    enum Kind: Hashable, Sendable, CaseIterable {
                        case coin
                        case push
                    }

                    /// This event's kind (written by `@MachineEvent`).
                    var kind: Kind {
                        switch self {
                        case .coin:
                            .coin
                        case .push:
                            .push
                        }
                    }

                    /// One `EventCase` per case, with its payload typed, for `On(\\.name)` (written by `@MachineEvent`).
                    struct Cases: Sendable {
                        var coin: EventCase<Input, Int> {
                            EventCase(.coin) { event in
                                if case .coin(let v0) = event {
                                    v0
                                } else {
                                    nil
                                }
                            }
                        }
                        var push: EventCase<Input, Void> {
                            EventCase(.push) { event in
                                if case .push = event {
                                    ()
                                } else {
                                    nil
                                }
                            }
                        }
                    }

                    /// The cases, which `\\.name` key paths read (written by `@MachineEvent`).
                    static var cases: Cases {
                        Cases()
                    }
                }

                extension Input: Statecraft.MachineEvent, Statecraft.PayloadCases {
                }
                """
        )
    }

    /// Several values make a tuple with the case's labels; a public enum's members are public.
    @Test func severalValuesMakeALabelledTupleAndAccessFollowsTheEnum() {
        Self.expand(
            """
            @MachineEvent
            public enum Pointer {
                case move(x: Int, _ y: Int)
            }
            """,
            to: """
                public enum Pointer {
                    case move(x: Int, _ y: Int)

                    /// The kinds of these events, without their payloads (written by `@MachineEvent`).
                    public enum Kind: Hashable, Sendable, CaseIterable {
                        case move
                    }

                    /// This event's kind (written by `@MachineEvent`).
                    public var kind: Kind {
                        switch self {
                        case .move:
                            .move
                        }
                    }

                    /// One `EventCase` per case, with its payload typed, for `On(\\.name)` (written by `@MachineEvent`).
                    public struct Cases: Sendable {
                        public var move: EventCase<Pointer, (x: Int, Int)> {
                            EventCase(.move) { event in
                                if case .move(let v0, let v1) = event {
                                    (x: v0, v1)
                                } else {
                                    nil
                                }
                            }
                        }
                    }

                    /// The cases, which `\\.name` key paths read (written by `@MachineEvent`).
                    public static var cases: Cases {
                        Cases()
                    }
                }

                extension Pointer: Statecraft.MachineEvent, Statecraft.PayloadCases {
                }
                """
        )
    }

    @Test func aStructIsRefused() {
        Self.expand(
            "@MachineEvent struct Input {}",
            to: "struct Input {}",
            diagnostics: [DiagnosticSpec(
                message: "@MachineEvent applies to an enum: its cases are the events; conform other types to MachineEvent by hand",
                line: 1, column: 1
            )]
        )
    }

    @Test func anEnumWithoutCasesIsRefused() {
        Self.expand(
            "@MachineEvent enum Input {}",
            to: "enum Input {}\n\nextension Input: Statecraft.MachineEvent, Statecraft.PayloadCases {\n}",
            diagnostics: [DiagnosticSpec(
                message: "@MachineEvent needs at least one case: an enum without cases has no events", line: 1, column: 20
            )]
        )
    }

    @Test func twoCasesOfOneNameAreRefused() {
        Self.expand(
            """
            @MachineEvent enum Input {
                case move(x: Int)
                case move(dx: Int, dy: Int)
            }
            """,
            to: """
                enum Input {
                    case move(x: Int)
                    case move(dx: Int, dy: Int)
                }

                extension Input: Statecraft.MachineEvent, Statecraft.PayloadCases {
                }
                """,
            diagnostics: [DiagnosticSpec(
                message: "@MachineEvent needs one case per name: 'move' is declared twice, so its kind would be ambiguous",
                line: 3, column: 10
            )]
        )
    }

    @Test func anEnumThatDeclaresKindItselfIsRefused() {
        Self.expand(
            """
            @MachineEvent enum Input {
                case coin
                var kind: Int { 0 }
            }
            """,
            to: """
                enum Input {
                    case coin
                    var kind: Int { 0 }
                }

                extension Input: Statecraft.MachineEvent, Statecraft.PayloadCases {
                }
                """,
            diagnostics: [DiagnosticSpec(
                message: "@MachineEvent declares 'kind' itself: remove this declaration, or remove @MachineEvent and write the conformance by hand",
                line: 3, column: 5
            )]
        )
    }
}
#endif
