#if canImport(JavaScriptCore) || ECMAScript
#if canImport(JavaScriptCore)
import JavaScriptCore
#else
import CJavaScriptCore
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The watchdog that stops an evaluation running too long.
///
/// `JSContextGroupSetExecutionTimeLimit` is exported by both JavaScriptCore builds but declared
/// only in a private header, so it is looked up by name. Where it is missing, evaluations have
/// no time limit.
enum ExecutionLimit {
    private typealias ShouldTerminate = @convention(c) (JSContextRef?, UnsafeMutableRawPointer?) -> Bool
    private typealias SetLimit = @convention(c) (JSContextGroupRef?, Double, ShouldTerminate?, UnsafeMutableRawPointer?) -> Void

    /// The function, looked up once; its address is immutable, so any thread may use it.
    private static let setLimit: SetLimit? = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "JSContextGroupSetExecutionTimeLimit") else {
            return nil
        }
        return unsafeBitCast(symbol, to: SetLimit.self)
    }()

    /// Whether this JavaScriptCore lets evaluations be stopped.
    static var isSupported: Bool { setLimit != nil }

    /// Stops any evaluation in `group` that runs longer than `limit`: it ends with an
    /// exception that scripts cannot catch.
    static func apply(to group: JSContextGroupRef, limit: Duration) {
        let (seconds, attoseconds) = limit.components
        let total = Double(seconds) + Double(attoseconds) / 1e18
        guard total > 0 else { return }
        setLimit?(group, total, nil, nil)
    }
}
#endif
