#if Postgres
import Statecraft

/// Where an order is.
enum OrderState: String, Hashable, Sendable, Codable {
    case placed, fulfilment, paid, shipped, delivered, cancelled, expired
}

/// What can happen to an order. A payment carries its amount in cents.
enum OrderEvent: MachineEvent, Codable, Equatable {
    case pay(cents: Int)
    case ship
    case deliver
    case cancel
    case reorder

    enum Kind { case pay, ship, deliver, cancel, reorder }

    var kind: Kind {
        switch self {
        case .pay: .pay
        case .ship: .ship
        case .deliver: .deliver
        case .cancel: .cancel
        case .reorder: .reorder
        }
    }
}

extension OrderEvent: PayloadCases {
    struct Cases: Sendable {
        let pay = EventCase<OrderEvent, Int>(.pay) { event in
            if case .pay(let cents) = event { cents } else { nil }
        }
    }

    static let cases = Cases()
}

/// What an order machine counts: the example's digest is made of these and the states.
struct OrderBook: Sendable, Codable, Equatable {
    var orders = 1
    var paidCents = 0
    var shipments = 0
    var deliveries = 0
    var cancellations = 0
    var expiries = 0
    var lateShipments = 0
}

/// The order chart: a placed order expires unless paid within 3 seconds; a paid order counts a
/// late shipment when not shipped within 4 seconds; a shipped order can be delivered; until
/// delivered, it can be cancelled; a delivered, cancelled or expired order can be ordered again.
func makeOrderChart() throws(DefinitionError) -> Statechart<OrderState, OrderEvent, OrderBook> {
    try Statechart {
        Atomic(.placed) {
            On(\.pay, to: .fulfilment, guard: { _, cents in cents >= 20 }) { book, cents in book.paidCents += cents }
            On(.cancel, to: .cancelled) { book, _ in book.cancellations += 1 }
            After(.seconds(3), to: .expired) { book, _ in book.expiries += 1 }
        }
        Compound(.fulfilment) {
            Atomic(.paid) {
                On(.ship, to: .shipped) { book, _ in book.shipments += 1 }
                After(.seconds(4)) { book, _ in book.lateShipments += 1 }
            }
            Atomic(.shipped) {
                On(.deliver, to: .delivered) { book, _ in book.deliveries += 1 }
            }
            On(.cancel, to: .cancelled) { book, _ in book.cancellations += 1 }
        }
        Atomic(.delivered) {
            On(.reorder, to: .placed) { book, _ in book.orders += 1 }
        }
        Atomic(.cancelled) {
            On(.reorder, to: .placed) { book, _ in book.orders += 1 }
        }
        Atomic(.expired) {
            On(.reorder, to: .placed) { book, _ in book.orders += 1 }
        }
    }
}
#endif
