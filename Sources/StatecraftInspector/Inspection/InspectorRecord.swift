#if Inspector
/// One thing a machine did, as the inspector recorded it: an event with the transitions it
/// took, transitions taken by timers, or the machine's state when the inspector attached.
///
/// The page's event log and its steps back through time are made of these; `GET /history`
/// returns them as JSON objects (the ``json`` text).
public struct InspectorRecord: Sendable, Hashable {
    /// What the record is about.
    public enum Kind: String, Sendable, Hashable {
        /// The machine's state when the inspector attached.
        case start
        /// An event the machine processed.
        case event
        /// Transitions timers took between events.
        case timers
    }

    /// Its number: 1 for the machine's first record, one more for each after it. Numbers keep
    /// counting when old records are dropped.
    public let sequence: Int
    /// What it is about.
    public let kind: Kind
    /// The event's name, for an event.
    public let eventName: String?
    /// The active states after it, in document order, as the chart's state ids.
    public let activeStates: [String]
    /// The whole record as a JSON object: `sequence`, `kind`, `time` (milliseconds since 1970),
    /// `event` (`name`, `data`, `text`) or `null`, `outcome`, `transitions` (`source`,
    /// `target`, `event`) and `snapshot`. A record kept in place of one too large for the
    /// history's byte budget has no data, transitions or context, and a `tooLarge` member:
    /// `{"bytes": <its size>, "limit": <the budget>}`.
    public let json: String
    /// The size in bytes of the record's JSON when it was larger than
    /// ``InspectorConfiguration/historyByteLimit`` and this small record was kept in its
    /// place; `nil` for a record kept whole.
    public let tooLargeBytes: Int?

    init(sequence: Int, kind: Kind, eventName: String?, activeStates: [String], json: String, tooLargeBytes: Int? = nil) {
        self.sequence = sequence
        self.kind = kind
        self.eventName = eventName
        self.activeStates = activeStates
        self.json = json
        self.tooLargeBytes = tooLargeBytes
    }
}
#endif
