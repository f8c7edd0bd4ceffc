#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one regular file whose real path a policy has allowed, so that the file read is the
/// file checked: it is opened without following a link and without blocking, checked on the
/// open descriptor (a regular file, still inside the readable folders, not larger than the
/// limit), and read no further than the limit.
package enum ConfinedFile {
    /// Why a file was not read.
    package enum Refusal: Error, Equatable {
        /// It is not a regular file, cannot be opened, or is no longer where it was checked.
        case refused
        /// It has more bytes than the limit: its size, or `nil` when it grew while it was read.
        case tooLarge(Int?)
    }

    /// The bytes of the regular file at the real path `real`.
    ///
    /// - Parameters:
    ///   - real: A path without symbolic links, `.` or `..`.
    ///   - limit: The most bytes read.
    ///   - isReadable: Whether a real path is inside the readable folders; asked again of the
    ///     open descriptor's path, where the system tells it.
    /// - Returns: The file's bytes.
    /// - Throws: ``Refusal``.
    static func contents(ofRealPath real: String, limit: Int, isReadable: (String) -> Bool) throws(Refusal) -> [UInt8] {
        // Checked before opening, so that no device or pipe is ever opened (opening some has
        // effects); checked again on the descriptor, which is what counts.
        var named = stat()
        guard stat(real, &named) == 0, isRegular(named) else { throw .refused }
        let descriptor = open(real, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw .refused }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, isRegular(opened) else { throw .refused }
        if let path = path(of: descriptor) {
            guard isReadable(path) else { throw .refused }
        } else {
            // No way to ask the descriptor's path: it must be the file the real path names.
            guard opened.st_dev == named.st_dev, opened.st_ino == named.st_ino else { throw .refused }
        }
        if Int(opened.st_size) > limit { throw .tooLarge(Int(opened.st_size)) }
        return try readCapped(descriptor, limit: limit, expected: Int(opened.st_size))
    }

    /// Reads `descriptor` to its end, refusing it once more than `limit` bytes have come: a
    /// file that grows while it is read is never read whole.
    ///
    /// - Parameters:
    ///   - descriptor: An open file.
    ///   - limit: The most bytes accepted.
    ///   - expected: The size the file had; only a hint for the buffer.
    /// - Returns: The bytes read.
    /// - Throws: ``Refusal/tooLarge(_:)`` with `nil` past the limit, ``Refusal/refused`` on a
    ///   read error.
    package static func readCapped(_ descriptor: Int32, limit: Int, expected: Int = 0) throws(Refusal) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(expected, 0), limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            // Never ask for more than one byte past the limit: that byte is enough to refuse.
            let wanted = min(chunk.count, limit - bytes.count + 1)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .refused
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw .tooLarge(nil) }
        }
    }

    static func isRegular(_ status: stat) -> Bool {
        (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The path the system holds for an open descriptor, when it tells it.
    static func path(of descriptor: Int32) -> String? {
        #if canImport(Darwin)
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
        guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
        let count = buffer.firstIndex(of: 0) ?? buffer.count
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0, count < buffer.count - 1 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }
}
