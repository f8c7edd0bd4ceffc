import Foundation

/// Reads the files a document names in `src` and `srcexpr`, and the document itself, under one
/// ``SCXMLDocument/ReadPolicy``.
///
/// A reference (`name`, `sub/../name`, `file:name`, `file:///path`, or an absolute path) is made
/// a path against the document's folder, its symbolic links are resolved, and it is read only
/// when the real path lies inside a readable folder and is a regular file. The file is opened
/// without following a link and without blocking, its size is taken from the open descriptor
/// (so the file checked is the file read), and the read stops past the limit. Every refusal
/// but "too large" has the same text, so that a document cannot learn which files exist.
package struct ResourceLoader: Sendable {
    /// The real path of the folder relative names are resolved against; `nil` refuses every
    /// relative name.
    let baseDirectory: String?
    /// The policy as the program gave it.
    let policy: SCXMLDocument.ReadPolicy
    /// The real paths of the readable folders.
    let folders: [String]
    /// Asked for a missing file whose folder is readable: may supply the text another way (the
    /// conformance runner translates `name.txml` when `name.scxml` is asked for).
    let fallback: (@Sendable (_ path: String) -> String?)?

    /// Creates a loader.
    ///
    /// - Parameters:
    ///   - baseDirectory: The document's folder, which relative names are resolved against.
    ///   - policy: What may be read.
    ///   - fallback: What supplies a missing file whose folder is readable.
    package init(
        baseDirectory: String?, policy: SCXMLDocument.ReadPolicy = .documentFolder,
        fallback: (@Sendable (_ path: String) -> String?)? = nil
    ) {
        let base = baseDirectory.flatMap { Self.realPath($0.isEmpty ? "." : $0) }
        self.baseDirectory = base
        self.policy = policy
        self.fallback = fallback
        var folders = policy.allowedFolders.compactMap { Self.realPath($0.isEmpty ? "." : $0) }
        if policy.includesDocumentFolder, let base { folders.append(base) }
        self.folders = folders
    }

    /// The loader for a document read from `path`: its folder (as named, with links resolved)
    /// is the document's folder.
    static func forDocument(
        atPath path: String, policy: SCXMLDocument.ReadPolicy,
        fallback: (@Sendable (_ path: String) -> String?)? = nil
    ) -> ResourceLoader {
        ResourceLoader(baseDirectory: folder(of: path), policy: policy, fallback: fallback)
    }

    /// The folder of `path` as written: `.` for a bare name.
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The text of the file `reference` names.
    ///
    /// - Parameter reference: A `src` or the value of a `srcexpr`.
    /// - Returns: The file's text.
    /// - Throws: ``SCXMLError`` with code `SCXMLError.Code.unreadableFile` and one text for
    ///   every refusal, `SCXMLError.Code.limitExceeded` for a file larger than the policy's
    ///   `maxBytes`, `SCXMLError.Code.invalidDocument` for a file that is not UTF-8 text.
    package func text(of reference: String) throws(SCXMLError) -> String {
        let refused = SCXMLError(code: .unreadableFile, message: SCXMLDocument.ReadPolicy.refusal(reference))
        guard let path = path(of: reference) else { throw refused }
        guard Self.realPath(path) != nil else {
            // A missing file in a readable folder: the fallback may supply it.
            let folder = Self.realPath(Self.folder(of: path))
            if let fallback, let folder, isReadable(folder),
                let text = fallback(folder + "/" + (path as NSString).lastPathComponent)
            {
                return text
            }
            throw refused
        }
        let bytes = try self.bytes(atPath: path, limit: policy.maxBytes, name: reference)
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw SCXMLError(code: .invalidDocument, message: "'\(reference)' is not UTF-8 text")
        }
        return text
    }

    /// The bytes of the file at `path`, if the policy allows it, refused past `limit` bytes.
    ///
    /// - Parameters:
    ///   - path: An absolute path, or one relative to the current directory.
    ///   - limit: The most bytes read.
    ///   - name: How messages name the file.
    /// - Returns: The file's bytes.
    /// - Throws: ``SCXMLError`` as ``text(of:)`` does.
    func bytes(atPath path: String, limit: Int, name: String) throws(SCXMLError) -> [UInt8] {
        let refused = SCXMLError(code: .unreadableFile, message: SCXMLDocument.ReadPolicy.refusal(name))
        guard let real = Self.realPath(path), isReadable(real) else { throw refused }
        do {
            return try ConfinedFile.contents(ofRealPath: real, limit: limit) { isReadable($0) }
        } catch .tooLarge(let size) {
            let found = size.map { "has \($0) bytes, more" } ?? "grew while it was read to more"
            throw SCXMLError(
                code: .limitExceeded,
                message: "'\(name)' \(found) than the read limit of \(limit) bytes (SCXMLDocument.ReadPolicy.maxBytes "
                    + "for files a document reads, SCXMLDocument.Limits.maxBytes for the document itself)"
            )
        } catch {
            throw refused
        }
    }

    /// The text of the document at `path`, read under `policy`: the document's own folder is
    /// its folder as named (with links resolved), and a link that leads out of it and out of
    /// the policy's folders is refused like any other file.
    ///
    /// - Parameters:
    ///   - path: The document's path.
    ///   - policy: What may be read; the document's own folder is readable whatever its
    ///     ``SCXMLDocument/ReadPolicy/includesDocumentFolder`` says.
    ///   - limit: The most bytes read (``SCXMLDocument/Limits/maxBytes``).
    /// - Returns: The text, with bytes that are not UTF-8 replaced (the reader then reports
    ///   what it finds).
    /// - Throws: ``SCXMLError`` naming `path`, as ``text(of:)`` does.
    package static func documentText(
        atPath path: String, policy: SCXMLDocument.ReadPolicy = .documentFolder, limit: Int = SCXMLDocument.Limits().maxBytes
    ) throws(SCXMLError) -> String {
        var own = policy
        own.includesDocumentFolder = true
        do {
            let bytes = try forDocument(atPath: path, policy: own).bytes(atPath: path, limit: limit, name: path)
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            var error = error
            error.file = path
            throw error
        }
    }

    /// The text of the file at `path` when the default policy of its own folder allows it
    /// (a regular file, inside its folder after links are resolved, 4 MiB at most); `nil`
    /// otherwise. For the conformance runners' fallbacks, which read `name.txml` beside a
    /// missing `name.scxml`.
    package static func siblingText(atPath path: String) -> String? {
        let loader = forDocument(atPath: path, policy: .documentFolder)
        guard let bytes = try? loader.bytes(atPath: path, limit: loader.policy.maxBytes, name: path) else { return nil }
        return String(bytes: bytes, encoding: .utf8)
    }

    /// The absolute or base-relative path `reference` names, or `nil` when it names no file
    /// (a URL of another scheme, a relative name without a folder, a NUL character).
    func path(of reference: String) -> String? {
        var path = reference
        if reference.lowercased().hasPrefix("file://") {
            let rest = reference.dropFirst("file://".count)
            if rest.hasPrefix("/") {
                path = String(rest)
            } else if rest.lowercased().hasPrefix("localhost/") {
                path = String(rest.dropFirst("localhost".count))
            } else {
                return nil
            }
            guard let decoded = path.removingPercentEncoding else { return nil }
            path = decoded
        } else if reference.lowercased().hasPrefix("file:") {
            guard let decoded = String(reference.dropFirst("file:".count)).removingPercentEncoding else { return nil }
            path = decoded
        } else if Self.hasScheme(reference) {
            return nil
        }
        guard !path.isEmpty, !path.utf8.contains(0) else { return nil }
        if !path.hasPrefix("/") {
            guard let baseDirectory else { return nil }
            path = (baseDirectory == "/" ? "" : baseDirectory) + "/" + path
        }
        return path
    }

    /// Whether `reference` starts with a URL scheme (`http:`, `data:`, ...).
    static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), colon > reference.startIndex else { return false }
        let scheme = reference[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// Whether the real path `real` is one of the readable folders or inside one.
    func isReadable(_ real: String) -> Bool {
        folders.contains { folder in
            real == folder || real.hasPrefix(folder == "/" ? "/" : folder + "/")
        }
    }

    /// `path` with every symbolic link, `.` and `..` resolved; `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard !path.utf8.contains(0), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
