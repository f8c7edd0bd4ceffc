import Foundation
import StatecraftSCXML
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one policy for what a document may read: regular files inside its own folder (links
/// resolved) and the folders the program allows, each up to a size, with one refusal that does
/// not tell whether a file exists.
@Suite("What a document may read")
struct ReadPolicyTests {
    /// A temporary tree:
    ///
    ///     root/doc/data.json          "[1, 2, 3]"
    ///     root/doc/sub/note.txt       "note"
    ///     root/doc/inner-link.json -> data.json
    ///     root/doc/outer-link.txt  -> ../outside/secret.txt
    ///     root/doc/outer-dir       -> ../outside
    ///     root/outside/secret.txt     "secret"
    ///     root/outside/child.scxml    a document that ends at once
    final class Tree {
        let root: String
        var doc: String { root + "/doc" }
        var outside: String { root + "/outside" }

        init() throws {
            let base = FileManager.default.temporaryDirectory.path + "/statecraft-read-\(UUID().uuidString)"
            // The real path, so that expectations about absolute paths hold where the temporary
            // folder is itself behind a link.
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            root = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
            let files = FileManager.default
            try files.createDirectory(atPath: root + "/doc/sub", withIntermediateDirectories: true)
            try files.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
            try "[1, 2, 3]".write(toFile: root + "/doc/data.json", atomically: true, encoding: .utf8)
            try "note".write(toFile: root + "/doc/sub/note.txt", atomically: true, encoding: .utf8)
            try "secret".write(toFile: root + "/outside/secret.txt", atomically: true, encoding: .utf8)
            try Self.child.write(toFile: root + "/outside/child.scxml", atomically: true, encoding: .utf8)
            try files.createSymbolicLink(atPath: root + "/doc/inner-link.json", withDestinationPath: "data.json")
            try files.createSymbolicLink(atPath: root + "/doc/outer-link.txt", withDestinationPath: "../outside/secret.txt")
            try files.createSymbolicLink(atPath: root + "/doc/outer-dir", withDestinationPath: "../outside")
        }

        static let child = #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><final id="end"/></scxml>"#

        func loader(_ policy: SCXMLDocument.ReadPolicy = .documentFolder) -> ResourceLoader {
            ResourceLoader(baseDirectory: doc, policy: policy)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    /// The error reading `reference` gives, or `nil` when it is read.
    func refusal(_ reference: String, _ loader: ResourceLoader) -> SCXMLError? {
        do {
            _ = try loader.text(of: reference)
            return nil
        } catch {
            return error
        }
    }

    /// The refusal's text with the reference taken out, to compare refusals of different names.
    func shape(_ error: SCXMLError?, _ reference: String) -> String? {
        error.map { $0.message.replacingOccurrences(of: reference, with: "NAME") }
    }

    /// `SCXMLDocument(reference:relativeTo:)`: a `src` or `srcexpr` read as a document in the
    /// folder reads it, under the same policy; without a folder, nothing.
    @Test func aReferencedDocumentIsReadAsADocumentInTheFolderReadsIt() throws {
        let tree = try Tree()
        for reference in ["child.scxml", "file:child.scxml", "./child.scxml"] {
            let document = try SCXMLDocument(reference: reference, relativeTo: tree.outside)
            let session = SCXMLSession(document: document)
            session.start()
            #expect(session.finalState == "end", "\(reference)")
        }
        for (reference, folder) in [("../outside/child.scxml", tree.doc), ("outer-dir/child.scxml", tree.doc), ("child.scxml", nil)] {
            #expect(throws: SCXMLError.self, "\(reference)") {
                try SCXMLDocument(reference: reference, relativeTo: folder)
            }
            do {
                _ = try SCXMLDocument(reference: reference, relativeTo: folder)
            } catch {
                #expect(error.code == .unreadableFile)
            }
        }
        // A folder the policy allows is readable from another.
        let allowed = SCXMLDocument.ReadPolicy(allowedFolders: [tree.outside])
        let document = try SCXMLDocument(reference: tree.outside + "/child.scxml", relativeTo: tree.doc, readPolicy: allowed)
        #expect(document.file == tree.outside + "/child.scxml")
    }

    @Test("A file inside the document's folder is read, by a plain, a 'file:' or a '..'-that-stays-inside name")
    func insideIsRead() throws {
        let tree = try Tree()
        let loader = tree.loader()
        #expect(try loader.text(of: "data.json") == "[1, 2, 3]")
        #expect(try loader.text(of: "sub/note.txt") == "note")
        #expect(try loader.text(of: "sub/../data.json") == "[1, 2, 3]")
        #expect(try loader.text(of: "./sub/./../sub/note.txt") == "note")
        #expect(try loader.text(of: "file:data.json") == "[1, 2, 3]")
        #expect(try loader.text(of: tree.doc + "/data.json") == "[1, 2, 3]")
        #expect(try loader.text(of: "file://" + tree.doc + "/data.json") == "[1, 2, 3]")
        #expect(try loader.text(of: "file://localhost" + tree.doc + "/sub/note.txt") == "note")
    }

    @Test("A link inside that points inside is read; one that points outside, to a file or a folder, is refused")
    func symbolicLinks() throws {
        let tree = try Tree()
        let loader = tree.loader()
        #expect(try loader.text(of: "inner-link.json") == "[1, 2, 3]")
        #expect(refusal("outer-link.txt", loader)?.code == .unreadableFile)
        #expect(refusal("outer-dir/secret.txt", loader)?.code == .unreadableFile)
        // The document's folder itself named through a link resolves to the same place.
        let linked = tree.root + "/doc-link"
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: "doc")
        let throughLink = ResourceLoader(baseDirectory: linked)
        #expect(try throughLink.text(of: "data.json") == "[1, 2, 3]")
        #expect(try throughLink.text(of: tree.doc + "/data.json") == "[1, 2, 3]")
        #expect(refusal("outer-link.txt", throughLink)?.code == .unreadableFile)
    }

    @Test("Leaving the folder by '..', an absolute path or a file:// URL is refused; so is any other URL")
    func outsideIsRefused() throws {
        let tree = try Tree()
        let loader = tree.loader()
        for reference in [
            "../outside/secret.txt", "sub/../../outside/secret.txt", "../../../../../../etc/passwd",
            tree.outside + "/secret.txt", "/etc/passwd", "file://" + tree.outside + "/secret.txt",
            "file:///etc/passwd", "file:../outside/secret.txt", "file://otherhost" + tree.doc + "/data.json",
            "http://127.0.0.1/data.json", "https://example.com/x.scxml", "data:text/plain,hi", "", "file:",
        ] {
            let error = refusal(reference, loader)
            #expect(error?.code == .unreadableFile, "\(reference)")
        }
    }

    @Test("Missing, outside, a directory, a link leading out and a URL get the same words: nothing tells which files exist")
    func oneRefusal() throws {
        let tree = try Tree()
        let loader = tree.loader()
        let references = [
            "missing.json", "../outside/secret.txt", "../outside/missing.txt", tree.outside + "/secret.txt",
            "sub", "outer-link.txt", "http://example.com/a", "/nonexistent-folder/x",
        ]
        let shapes = references.map { shape(refusal($0, loader), $0) }
        #expect(shapes.allSatisfy { $0 != nil })
        #expect(Set(shapes).count == 1, "\(shapes)")
        let message = try #require(shapes.first ?? nil)
        // It names the rule and how to widen it.
        #expect(message.contains("regular files inside its own folder"))
        #expect(message.contains("ReadPolicy(allowedFolders:)"))
        #expect(message.contains("--allow-read"))
    }

    @Test("A directory, a pipe and a device are refused, and none is waited on or read")
    func notRegularFiles() throws {
        let tree = try Tree()
        let pipe = tree.doc + "/pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        let devices = SCXMLDocument.ReadPolicy(allowedFolders: ["/dev"], maxBytes: 1 << 20)
        let loader = tree.loader(devices)
        #expect(refusal("sub", loader)?.code == .unreadableFile)
        #expect(refusal(tree.doc, loader)?.code == .unreadableFile)
        // Had /dev/zero or /dev/urandom been read, the limit would have stopped it with
        // limitExceeded: the code says it was refused unread.
        #expect(refusal("/dev/zero", loader)?.code == .unreadableFile)
        #expect(refusal("/dev/urandom", loader)?.code == .unreadableFile)
        #expect(refusal("file:///dev/null", loader)?.code == .unreadableFile)
        // A pipe without a writer would block a reader that opened it: the read runs on a
        // thread of its own, and a writer is opened to release it if it ever waits.
        let outcome = Outcome()
        Thread { outcome.finish(self.refusal("pipe", loader)) }.start()
        let finished = outcome.wait(seconds: 20)
        if !finished {
            let writer = open(pipe, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            _ = outcome.wait(seconds: 20)
        }
        #expect(finished, "reading a pipe waited for a writer")
        #expect(outcome.error?.code == .unreadableFile)
    }

    @Test("A file over the limit is refused by its size, one at the limit is read")
    func sizeLimit() throws {
        let tree = try Tree()
        try String(repeating: "a", count: 1_000).write(toFile: tree.doc + "/full.txt", atomically: true, encoding: .utf8)
        try String(repeating: "a", count: 1_001).write(toFile: tree.doc + "/over.txt", atomically: true, encoding: .utf8)
        let loader = tree.loader(SCXMLDocument.ReadPolicy(maxBytes: 1_000))
        #expect(try loader.text(of: "full.txt").utf8.count == 1_000)
        let error = try #require(refusal("over.txt", loader))
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("1001 bytes"))
        #expect(error.message.contains("ReadPolicy.maxBytes"))
        // The default is 4 MiB, like the document's own limit.
        #expect(SCXMLDocument.ReadPolicy().maxBytes == SCXMLDocument.Limits().maxBytes)
    }

    @Test("The read stops past the limit: more bytes than the size said are refused, never read whole")
    func growingFile() throws {
        let tree = try Tree()
        let path = tree.doc + "/growing.txt"
        try String(repeating: "b", count: 100_000).write(toFile: path, atomically: true, encoding: .utf8)
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        // As if the size had been 10 when it was checked and the file had grown since.
        #expect(throws: ConfinedFile.Refusal.tooLarge(nil)) { try ConfinedFile.readCapped(descriptor, limit: 10, expected: 10) }
        #expect(lseek(descriptor, 0, SEEK_CUR) <= 11, "read past the limit")
        #expect(lseek(descriptor, 0, SEEK_SET) == 0)
        #expect(try ConfinedFile.readCapped(descriptor, limit: 100_000).count == 100_000)
        #if os(Linux)
        // A real one: /proc reports a size of 0 for files that hold text.
        let proc = ResourceLoader(baseDirectory: nil, policy: SCXMLDocument.ReadPolicy(allowedFolders: ["/proc/self"], maxBytes: 16))
        let error = try #require(refusal("/proc/self/status", proc))
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("grew while it was read"))
        #endif
    }

    @Test("A document read from text with no folder reads nothing, unless the program gives folders")
    func noFolder() throws {
        let tree = try Tree()
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
            <datamodel><data id="x" src="\(tree.doc)/data.json"/></datamodel>
            <state id="s"><transition event="error.execution" target="refused"/></state>
            <state id="refused"/>
            </scxml>
            """
        let closed = SCXMLSession(document: try SCXMLDocument(xml: xml))
        closed.start()
        #expect(closed.activeStates.contains("refused"))
        let opened = SCXMLSession(document: try SCXMLDocument(xml: xml, readPolicy: .init(allowedFolders: [tree.doc])))
        opened.start()
        #expect(opened.activeStates.contains("s"))
        // With a folder and the policy that reads nothing, the folder is not readable either.
        let nothing = SCXMLSession(document: try SCXMLDocument(xml: xml, baseDirectory: tree.doc, readPolicy: .nothing))
        nothing.start()
        #expect(nothing.activeStates.contains("refused"))
    }

    @Test("A refused <script src> rejects the document with the line and column of the <script> and the rule")
    func scriptRefusal() throws {
        let tree = try Tree()
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
            <state id="s">
              <onentry>  <script src="../outside/secret.txt"/></onentry>
            </state>
            </scxml>
            """
        let error = try #require(throws: SCXMLError.self) {
            _ = try SCXMLDocument(xml: xml, file: "doc.scxml", baseDirectory: tree.doc)
        }
        #expect(error.code == .unreadableFile)
        #expect(error.position == TextPosition(line: 3, column: 14))
        #expect(error.message.contains("<script src=\"../outside/secret.txt\"> cannot be loaded"))
        #expect(error.message.contains("regular files inside its own folder"))
        #expect(!error.message.contains("secret\""))
        // Widened, the same document reads it.
        let widened = SCXMLDocument.ReadPolicy(allowedFolders: [tree.outside])
        _ = try SCXMLDocument(xml: xml, file: "doc.scxml", baseDirectory: tree.doc, readPolicy: widened)
    }

    @Test("<data src> and <invoke srcexpr> refused at run time raise error.execution, and the session goes on")
    func runTimeRefusal() throws {
        let tree = try Tree()
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
            <datamodel>
              <data id="leak" src="outer-link.txt"/>
              <data id="where" expr="'../outside/child.scxml'"/>
            </datamodel>
            <state id="loading">
              <transition event="error.execution" target="invoking"><log label="error" expr="_event.data.message"/></transition>
            </state>
            <state id="invoking">
              <invoke srcexpr="where"/>
              <transition event="error.execution" target="recovered"><log label="error" expr="_event.data.message"/></transition>
              <transition event="done.invoke" target="leaked"/>
            </state>
            <state id="recovered"><transition event="go" target="end"/></state>
            <state id="leaked"/>
            <final id="end"/>
            </scxml>
            """
        let session = SCXMLSession(document: try SCXMLDocument(xml: xml, file: "doc.scxml", baseDirectory: tree.doc))
        let errors = Outcome()
        session.logHandler = { _, message in errors.log(message) }
        session.start()
        #expect(session.activeStates == ["recovered"])
        #expect(errors.logged.count == 2)
        #expect(errors.logged.allSatisfy { $0.contains("regular files inside its own folder") })
        #expect(errors.logged.first?.contains("doc.scxml:3:3") == true)
        #expect(errors.logged.last?.contains("doc.scxml:10:3") == true)
        session.send(SCXMLEvent("go"))
        #expect(session.isFinished)
        // With the outside folder allowed, the same srcexpr invokes the child.
        let invoking = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
            <datamodel><data id="where" expr="'../outside/child.scxml'"/></datamodel>
            <state id="invoking">
              <invoke srcexpr="where"/>
              <transition event="error.execution" target="recovered"/>
              <transition event="done.invoke" target="leaked"/>
            </state>
            <state id="recovered"/>
            <state id="leaked"/>
            </scxml>
            """
        let closed = SCXMLSession(document: try SCXMLDocument(xml: invoking, baseDirectory: tree.doc))
        closed.start()
        #expect(closed.activeStates == ["recovered"])
        let widened = SCXMLDocument.ReadPolicy(allowedFolders: [tree.outside])
        let open = SCXMLSession(document: try SCXMLDocument(xml: invoking, baseDirectory: tree.doc, readPolicy: widened))
        open.start()
        #expect(open.activeStates == ["leaked"])
    }

    @Test("A document read from a path is read under the policy: a pipe, a device and a file over the limit are refused")
    func documentFromPath() throws {
        let tree = try Tree()
        let path = tree.doc + "/machine.scxml"
        try Tree.child.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try SCXMLDocument(contentsOfFile: path).stateIDs == ["end"])
        let small = SCXMLDocument.Limits(maxBytes: 40)
        let tooLarge = try #require(throws: SCXMLError.self) { _ = try SCXMLDocument(contentsOfFile: path, limits: small) }
        #expect(tooLarge.code == .limitExceeded)
        #expect(tooLarge.file == path)
        // A document that is a link leading out of its folder is refused, and allowed once widened.
        try FileManager.default.createSymbolicLink(atPath: tree.doc + "/linked.scxml", withDestinationPath: "../outside/child.scxml")
        let outer = try #require(throws: SCXMLError.self) { _ = try SCXMLDocument(contentsOfFile: tree.doc + "/linked.scxml") }
        let missing = try #require(throws: SCXMLError.self) { _ = try SCXMLDocument(contentsOfFile: tree.doc + "/missing.scxml") }
        #expect(outer.code == .unreadableFile)
        #expect(shape(outer, tree.doc + "/linked.scxml") == shape(missing, tree.doc + "/missing.scxml"))
        let widened = SCXMLDocument.ReadPolicy(allowedFolders: [tree.outside])
        #expect(try SCXMLDocument(contentsOfFile: tree.doc + "/linked.scxml", readPolicy: widened).stateIDs == ["end"])
        // A pipe as the document: refused, not waited on.
        let pipe = tree.doc + "/pipe.scxml"
        #expect(mkfifo(pipe, 0o600) == 0)
        let outcome = Outcome()
        Thread {
            do {
                _ = try SCXMLDocument(contentsOfFile: pipe)
                outcome.finish(nil)
            } catch {
                outcome.finish(error)
            }
        }.start()
        let finished = outcome.wait(seconds: 20)
        if !finished {
            let writer = open(pipe, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            _ = outcome.wait(seconds: 20)
        }
        #expect(finished, "reading a pipe waited for a writer")
        #expect(outcome.error?.code == .unreadableFile)
        #expect(throws: SCXMLError.self) { _ = try SCXMLDocument(contentsOfFile: "/dev/zero") }
    }

    /// What a reading thread found, handed to the test's thread.
    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var found: SCXMLError?
        private let done = DispatchSemaphore(value: 0)

        func finish(_ error: (any Error)?) {
            lock.withLock { found = error as? SCXMLError }
            done.signal()
        }

        func wait(seconds: Int) -> Bool {
            done.wait(timeout: .now() + .seconds(seconds)) == .success
        }

        var error: SCXMLError? { lock.withLock { found } }

        private var messages: [String] = []

        func log(_ message: String) {
            lock.withLock { messages.append(message) }
        }

        var logged: [String] { lock.withLock { messages } }
    }
}
