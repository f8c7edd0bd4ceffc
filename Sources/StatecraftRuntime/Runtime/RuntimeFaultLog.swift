public import Statecraft

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a ``MachineRuntime`` writes each fault of the machine it runs: each time a limit cut
/// something short (an eventless loop stopped after `Machine.microstepLimit` microsteps, an
/// SCXML invocation refused past its depth), so that no cut goes unnoticed.
///
/// The faults also reach ``MachineRuntime/recentFaults`` and ``MachineRuntime/faults(buffering:)``,
/// whatever the log.
///
/// ```swift
/// let runtime = MachineRuntime(machine, faultLog: RuntimeFaultLog { fault in logger.error("\(fault)") })
/// ```
public struct RuntimeFaultLog: Sendable {
    /// Writes one fault.
    @usableFromInline let writer: @Sendable (EngineFault) -> Void

    /// A log that hands each fault to `write`.
    ///
    /// `write` is called on the task or thread that processed the step, while the runtime
    /// holds the machine: keep it short, and do not wait on the runtime from it.
    ///
    /// - Parameter write: Receives each fault, in order.
    public init(_ write: @escaping @Sendable (EngineFault) -> Void) {
        self.writer = write
    }

    /// One line on standard error per fault, the default: `statecraft: fault: <code>:
    /// <location>: <message>`.
    public static let standardError = RuntimeFaultLog { fault in
        writeStandardError("statecraft: fault: \(fault.code): \(fault)\n")
    }

    /// Writes nothing: the faults are only kept in ``MachineRuntime/recentFaults`` and
    /// published by ``MachineRuntime/faults(buffering:)``.
    public static let none = RuntimeFaultLog { _ in }

    /// Writes `text` to standard error in one call where the platform allows, without
    /// Foundation.
    static func writeStandardError(_ text: String) {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        var text = text
        text.withUTF8 { bytes in
            var rest = UnsafeRawBufferPointer(bytes)
            while !rest.isEmpty {
                let written = write(2, rest.baseAddress, rest.count)
                guard written > 0 else { return }
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
        }
        #else
        print(text, terminator: "")
        #endif
    }
}
