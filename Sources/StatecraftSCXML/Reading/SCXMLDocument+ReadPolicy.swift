extension SCXMLDocument {
    /// Which files a document may read: the one policy for every `<data src>`, `<script src>`,
    /// `<invoke src>` and `srcexpr`, and for the document itself when it is read from a path.
    ///
    /// By default a document read from a file, or given a `baseDirectory`, may read regular files
    /// inside that folder only, and each of them up to ``maxBytes``. Symbolic links are resolved,
    /// of the folder and of the file, before the check: a link inside the folder that leads out
    /// of it is refused, and `sub/../data.json` is allowed since it stays inside. A document read
    /// from text with no folder may read nothing unless the policy names folders.
    ///
    /// ```swift
    /// // Let the document also read the shared fixtures, each file up to 1 MiB.
    /// let policy = SCXMLDocument.ReadPolicy(allowedFolders: ["/srv/fixtures"], maxBytes: 1 << 20)
    /// let document = try SCXMLDocument(contentsOfFile: "machines/order.scxml", readPolicy: policy)
    /// ```
    ///
    /// Everything else is refused with the same ``SCXMLError`` (code
    /// `SCXMLError.Code.unreadableFile`), whether the file is missing, outside the folders,
    /// reached through a link that leads out, a directory, a device, a pipe, or unreadable, so
    /// that a document cannot learn which files exist: an absolute path or a `file://` URL
    /// outside the folders, `..` that leaves them, and a URL with any other scheme (nothing is
    /// loaded over a network). A regular file larger than ``maxBytes`` is refused before it is
    /// read (code `SCXMLError.Code.limitExceeded`), and one that grows past it while it is read
    /// is refused too, never read whole.
    public struct ReadPolicy: Hashable, Sendable {
        /// Folders, beyond the document's own, whose regular files the document may read
        /// (their subfolders too). Relative names are resolved against the current directory;
        /// a folder that does not exist allows nothing.
        public var allowedFolders: [String]
        /// Whether the document's own folder (of the file it was read from, or the
        /// `baseDirectory` it was given) is readable. `true` by default.
        public var includesDocumentFolder: Bool
        /// The largest file the document may read, in bytes (4 MiB by default, like
        /// ``Limits/maxBytes``).
        public var maxBytes: Int

        /// Creates a policy.
        ///
        /// - Parameters:
        ///   - allowedFolders: Folders, beyond the document's own, whose files it may read.
        ///   - includesDocumentFolder: Whether the document's own folder is readable.
        ///   - maxBytes: The largest file it may read, in bytes.
        public init(allowedFolders: [String] = [], includesDocumentFolder: Bool = true, maxBytes: Int = 4 << 20) {
            self.allowedFolders = allowedFolders
            self.includesDocumentFolder = includesDocumentFolder
            self.maxBytes = maxBytes
        }

        /// The default: regular files in the document's own folder, up to 4 MiB each.
        public static let documentFolder = ReadPolicy()

        /// Nothing at all: every `src` and `srcexpr` is refused.
        public static let nothing = ReadPolicy(includesDocumentFolder: false)

        /// The text of the refusal, the same whatever the reason, so that it does not tell
        /// whether the file exists.
        static func refusal(_ reference: String) -> String {
            "cannot read '\(reference)': a document may read only regular files inside its own folder and the "
                + "folders its read policy allows; a missing file, a file outside those folders (by an absolute "
                + "path, a file:// URL, '..' or a symbolic link), a directory, a device, a pipe and a URL are "
                + "refused alike. To widen it, give SCXMLDocument.ReadPolicy(allowedFolders:) to the document, "
                + "or '--allow-read DIR' to the statecraft tool"
        }
    }
}
