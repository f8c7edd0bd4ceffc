#if Inspector
public import Statecraft
public import StatecraftSCXML

/// The events of a typed machine that the inspector's page and `POST /events` can send, by
/// name: the same table as a simulation's (``EventTable``).
public typealias InspectorEvents<Event: MachineEvent> = EventTable<Event>
#endif
