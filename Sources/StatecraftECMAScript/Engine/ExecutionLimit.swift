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

/// JavaScriptCore's watchdog, and its heap statistics: the functions are exported by both
/// JavaScriptCore builds (Apple's framework, WebKitGTK's library) but declared only in private
/// headers (JSContextRefPrivate.h, JSBasePrivate.h), so they are looked up by name. Where one is
/// missing, what it serves is missing too: ``isSupported`` and ``measuresHeap`` say so.
enum ExecutionLimit {
    typealias ShouldTerminate = @convention(c) (JSContextRef?, UnsafeMutableRawPointer?) -> Bool
    private typealias SetLimit = @convention(c) (JSContextGroupRef?, Double, ShouldTerminate?, UnsafeMutableRawPointer?) -> Void
    private typealias Statistics = @convention(c) (JSContextRef?) -> JSObjectRef?
    private typealias Collect = @convention(c) (JSContextRef?) -> Void

    /// Looks a function of the process up by name.
    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        guard let process = dlopen(nil, RTLD_NOW) else { return nil }
        return dlsym(process, name)
    }

    /// The functions, looked up once; their addresses are immutable, so any thread may use them.
    private static let setLimit: SetLimit? = symbol("JSContextGroupSetExecutionTimeLimit").map {
        unsafeBitCast($0, to: SetLimit.self)
    }
    private static let statistics: Statistics? = symbol("JSGetMemoryUsageStatistics").map {
        unsafeBitCast($0, to: Statistics.self)
    }
    private static let collect: Collect? = symbol("JSSynchronousGarbageCollectForDebugging").map {
        unsafeBitCast($0, to: Collect.self)
    }

    /// Whether this JavaScriptCore lets evaluations be stopped.
    static var isSupported: Bool { setLimit != nil }

    /// Whether this JavaScriptCore tells the size of its heap.
    static var measuresHeap: Bool { statistics != nil }

    /// Calls `callback` with `data` each time an evaluation in `group` has run `period` of CPU
    /// time since it started or since the last call: the evaluation stops, with an exception
    /// that scripts cannot catch, when the callback returns `true`. A callback that returns
    /// `false` must call this again to be called again.
    static func arm(_ group: JSContextGroupRef, period: Duration, callback: ShouldTerminate, data: UnsafeMutableRawPointer) {
        let (seconds, attoseconds) = period.components
        let total = max(Double(seconds) + Double(attoseconds) / 1e18, 0.000_1)
        setLimit?(group, total, callback, data)
    }

    /// The bytes JavaScriptCore holds for the heap of `context`'s virtual machine (its blocks,
    /// strings and buffers), or `nil` where it cannot tell. It walks the heap's blocks: call it
    /// sparingly.
    static func heapBytes(_ context: JSContextRef) -> Int? {
        guard let statistics, let object = statistics(context), let key = JSStringCreateWithUTF8CString("heapCapacity") else {
            return nil
        }
        defer { JSStringRelease(key) }
        guard let value = JSObjectGetProperty(context, object, key, nil) else { return nil }
        let bytes = JSValueToNumber(context, value, nil)
        return bytes.isFinite && bytes >= 0 ? Int(min(bytes, Double(Int.max / 2))) : nil
    }

    /// Collects the garbage of `context`'s virtual machine now, where JavaScriptCore allows it.
    static func collectGarbage(_ context: JSContextRef) {
        collect?(context)
    }
}
#endif
