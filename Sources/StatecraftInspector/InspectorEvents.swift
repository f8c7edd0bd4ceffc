#if Inspector
public import Statecraft
public import StatecraftSCXML

/// The events of a typed machine that the inspector's page and `POST /events` can send, by
/// name: `EventTable` of `StatecraftSCXML`, the same table as a simulation's.
public typealias InspectorEvents<Event: MachineEvent> = EventTable<Event>
#endif
