import Statecraft
import StatecraftSCXML
import Testing

/// `Checkout.scxml`, whose finals give their parents' done events data (SCXML 5.7), generated and
/// run next to an `SCXMLSession` of the same document: the same states and the same logs, with
/// `error.execution` raised before a done event whose `<donedata>` failed, which has no data.
@Suite("Done data generated from SCXML agrees with the interpreter")
struct CheckoutTests {
    @Test(arguments: [
        (Checkout.Event.pay, ["paid: 6 card", "gift: bow", "error: raised", "broken: no data", "error: raised", "lost: no data"]),
        (Checkout.Event.cancel, ["cancelled: no data", "gift: bow", "error: raised", "broken: no data", "error: raised", "lost: no data"]),
    ])
    func finalsGiveTheirParentsDoneEventTheirDataAsInTheSession(event: Checkout.Event, expected: [String]) throws {
        let host = LogRecorder()
        var sessionLogs: [String] = []
        let (trace, _) = try runSideBySide(
            Checkout.makeChart(), context: Checkout.Context(host: host), document: "Checkout.scxml",
            steps: [.send(event)], name: \.scxmlName,
            configure: { session in
                session.logHandler = { label, message in sessionLogs.append("\(label): \(message)") }
            }
        )
        #expect(trace.last == ["end"])
        #expect(host.logs == expected)
        #expect(host.logs == sessionLogs)
    }

    @Test func theDoneEventWithDataIsACaseOfItsOwnOfItsStatesKind() {
        let data = Checkout.DoneStateOrderData(total: 6, label: "card")
        let event = Checkout.Event.doneStateOrder(data)
        #expect(event.scxmlName == "done.state.order")
        #expect(event.kind == Checkout.Event.doneState(.order).kind)
        #expect(Checkout.DoneStateOrderData(event) == data)
        #expect(Checkout.DoneStateOrderData(.doneState(.order)) == nil)
        #expect(Checkout.DoneStateGiftData(.doneStateGift(Checkout.DoneStateGiftData(value: "bow")))?.value == "bow")
    }
}

extension LogRecorder: Checkout.Host {}
