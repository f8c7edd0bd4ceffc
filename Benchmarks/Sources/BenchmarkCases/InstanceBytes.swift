import Statecraft

/// `instance.bytes`: the memory one machine takes, not counting the chart it shares.
public enum InstanceBytes {
    /// The size of a `flat.toggle` machine with `Void` context, in bytes.
    public static var size: Int { MemoryLayout<Machine<Light, Flip, Void>>.size }
    /// The stride of that machine (what one takes in an array), in bytes.
    public static var stride: Int { MemoryLayout<Machine<Light, Flip, Void>>.stride }
    /// The size of a `flat.ring` machine with `Void` context, in bytes.
    public static var ringSize: Int { MemoryLayout<Machine<Ring, RingInput, Void>>.size }
}
