import FuzzSupport
@testable import StatecraftSCXML

/// Fuzzes the SCXML reader's first half, XML text to a ``DocumentElement`` tree.
///
/// Properties checked on every input:
/// - reading never crashes; a refusal is an `SCXMLError` with a message and, when it has a
///   position, a line and column from 1;
/// - a tree read within tight limits respects them;
/// - a tree written back as XML (`DocumentWriter.serialize`) reads again as the same tree,
///   positions aside: the session snapshots keep invoked documents that way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSCXMLReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput.text(data, size)
    let root: DocumentElement
    do {
        root = try DocumentReader().read(text)
    } catch {
        checkRefusal(error)
        readWithinTightLimits(text)
        return 0
    }
    readWithinTightLimits(text)
    let written = DocumentWriter.serialize(root)
    do {
        let again = try DocumentReader().read(written)
        let (before, after) = (TreeShape(root), TreeShape(again))
        require(
            before == after,
            "the tree written back as \(written.debugDescription) reads as another tree: "
                + (TreeShape.firstDifference(before, after) ?? "?")
        )
    } catch {
        require(false, "the tree written back as \(written.debugDescription) cannot be read: \(error)")
    }
    return 0
}

/// A refusal says what and where.
func checkRefusal(_ error: SCXMLError) {
    require(!error.message.isEmpty, "an SCXMLError without a message")
    if let position = error.position {
        require(position.line >= 1 && position.column >= 1, "an SCXMLError at \(position)")
    }
}

/// Reads with limits small enough that fuzzed inputs reach them, and checks the tree keeps them.
func readWithinTightLimits(_ text: String) {
    let limits = SCXMLDocument.Limits(maxBytes: 1024, maxDepth: 4, maxElements: 12)
    do {
        let root = try DocumentReader(limits: limits).read(text)
        let (depth, count) = TreeShape.measure(root)
        require(depth <= limits.maxDepth, "a tree \(depth) deep read with maxDepth \(limits.maxDepth)")
        require(count <= limits.maxElements, "\(count) elements read with maxElements \(limits.maxElements)")
    } catch {
        checkRefusal(error)
    }
}

/// A tree without its source positions, to compare a tree with the same tree read again.
struct TreeShape: Equatable {
    var name: String
    var namespace: String?
    var prefix: String?
    var attributes: [DocumentAttribute]
    var declarations: [String: String]
    var children: [Child]

    enum Child: Equatable {
        case text(String)
        case element(TreeShape)
    }

    init(_ element: DocumentElement) {
        name = element.name
        namespace = element.namespace
        prefix = element.prefix
        attributes = element.attributes
        declarations = element.namespaceDeclarations
        children = element.children.map { node in
            switch node {
            case .text(let text): .text(text)
            case .element(let child): .element(TreeShape(child))
            }
        }
    }

    /// Where two trees first differ, and how, for the message of a broken property.
    static func firstDifference(_ left: TreeShape, _ right: TreeShape, at path: String = "") -> String? {
        let here = path + "/" + left.name
        if left.name != right.name || left.namespace != right.namespace || left.prefix != right.prefix {
            return "\(here): element \(left.prefix ?? "-"):\(left.name) in \(left.namespace ?? "-") became "
                + "\(right.prefix ?? "-"):\(right.name) in \(right.namespace ?? "-")"
        }
        if left.attributes != right.attributes {
            return "\(here): attributes \(left.attributes) became \(right.attributes)"
        }
        if left.declarations != right.declarations {
            return "\(here): namespace declarations \(left.declarations) became \(right.declarations)"
        }
        if left.children.count != right.children.count {
            return "\(here): children \(left.children) became \(right.children)"
        }
        for (a, b) in zip(left.children, right.children) where a != b {
            switch (a, b) {
            case (.element(let x), .element(let y)): return firstDifference(x, y, at: here)
            default: return "\(here): child \(a) became \(b)"
            }
        }
        return nil
    }

    /// How deep the tree nests (the root alone is 1) and how many elements it has.
    static func measure(_ element: DocumentElement) -> (depth: Int, count: Int) {
        var depth = 0, count = 1
        for child in element.elements {
            let (childDepth, childCount) = measure(child)
            depth = max(depth, childDepth)
            count += childCount
        }
        return (depth + 1, count)
    }
}
