import Foundation
import StatecraftECMAScript
import StatecraftSCXML
import Testing

/// XML content as a DOM (SCXML B.2.2, B.2.3): `<data>` children or `src`, `<content>` of an
/// event, `<assign>` children, with DOM Level 2 Core's names; bounded, read-only.
@Suite("ECMAScript XML values", .needsJavaScriptCore)
struct ECMAScriptXMLTests {
    @Test("<data> children are a Document: elements, attributes, text nodes, parents and siblings")
    func dataChildrenAreADocument() throws {
        let run = try LoggedSession(ecmascript("""
            <datamodel><data id="order"><order xmlns="" id="o1"><item sku="a">Tea</item><item sku="b"/> tail</order></data></datamodel>
            <state id="s"><onentry>
              <log label="kind" expr="order.nodeType + ' ' + order.nodeName + ' ' + order.documentElement.tagName + ' ' + order.documentElement.nodeType"/>
              <log label="items" expr="order.getElementsByTagName('item').length + ' ' + order.getElementsByTagName('*').length"/>
              <log label="attributes" expr="order.documentElement.getAttribute('id') + ' ' + order.getElementsByTagName('item')[1].getAttribute('sku')"/>
              <log label="missing" expr="JSON.stringify(order.documentElement.getAttribute('nope')) + ' ' + order.documentElement.hasAttribute('nope') + ' ' + order.documentElement.hasAttribute('id')"/>
              <log label="children" expr="order.documentElement.childNodes.length + ' ' + order.documentElement.lastChild.nodeType + ' ' + order.documentElement.lastChild.nodeName"/>
              <log label="first" expr="order.documentElement.firstChild.firstChild.nodeValue + ' ' + order.documentElement.firstChild.nextSibling.getAttribute('sku')"/>
              <log label="text" expr="order.documentElement.textContent"/>
              <log label="parents" expr="(order.getElementsByTagName('item')[0].parentNode === order.documentElement) + ' ' + (order.documentElement.parentNode === order) + ' ' + (order.documentElement.ownerDocument === order)"/>
              <log label="attributeNodes" expr="order.documentElement.attributes.length + ' ' + order.documentElement.attributes.item(1).name + '=' + order.documentElement.attributes.getNamedItem('id').value"/>
            </onentry></state>
            """)).run()
        #expect(run.logged("kind") == ["9 #document order 1"])
        #expect(run.logged("items") == ["2 3"])
        #expect(run.logged("attributes") == ["o1 b"])
        #expect(run.logged("missing") == [#""" false true"#])
        #expect(run.logged("children") == ["3 3 #text"])
        #expect(run.logged("first") == ["Tea b"])
        #expect(run.logged("text") == ["Tea tail"])
        #expect(run.logged("parents") == ["true true true"])
        // The empty default namespace declaration is an attribute, as DOM Level 2 has it.
        #expect(run.logged("attributeNodes") == ["2 id=o1"])
    }

    @Test("Namespaces: prefixes, namespaceURI, getElementsByTagNameNS and xmlns attributes")
    func namespaces() throws {
        let run = try LoggedSession(ecmascript("""
            <datamodel><data id="doc"><c:catalog xmlns:c="urn:catalog" xmlns="urn:plain"><c:entry c:id="1"/><entry/></c:catalog></data></datamodel>
            <state id="s"><onentry>
              <log label="root" expr="doc.documentElement.nodeName + ' ' + doc.documentElement.localName + ' ' + doc.documentElement.prefix + ' ' + doc.documentElement.namespaceURI"/>
              <log label="byName" expr="doc.getElementsByTagName('c:entry').length + ' ' + doc.getElementsByTagName('entry').length"/>
              <log label="byNamespace" expr="doc.getElementsByTagNameNS('urn:catalog', 'entry').length + ' ' + doc.getElementsByTagNameNS('urn:plain', 'entry').length + ' ' + doc.getElementsByTagNameNS('*', 'entry').length"/>
              <log label="attribute" expr="doc.getElementsByTagName('c:entry')[0].getAttributeNS('urn:catalog', 'id') + ' ' + doc.getElementsByTagName('c:entry')[0].getAttribute('c:id')"/>
              <log label="declarations" expr="doc.documentElement.attributes.getNamedItemNS('http://www.w3.org/2000/xmlns/', 'c').value"/>
            </onentry></state>
            """)).run()
        #expect(run.logged("root") == ["c:catalog catalog c urn:catalog"])
        #expect(run.logged("byName") == ["1 1"])
        #expect(run.logged("byNamespace") == ["1 1 2"])
        #expect(run.logged("attribute") == ["1 1"])
        #expect(run.logged("declarations") == ["urn:catalog"])
    }

    @Test("Entities and character references are replaced; CDATA is text; the node leaves as its markup")
    func entitiesAndSerialization() throws {
        let run = try LoggedSession(ecmascript("""
            <datamodel><data id="note"><note xmlns="" by="Tom &amp; &#74;erry">1 &lt; 2 <![CDATA[& <raw>]]></note></data></datamodel>
            <state id="s"><onentry>
              <log label="by" expr="note.documentElement.getAttribute('by')"/>
              <log label="text" expr="note.documentElement.textContent + '|' + note.documentElement.childNodes.length"/>
              <log label="markup" expr="note"/>
            </onentry></state>
            """)).run()
        #expect(run.logged("by") == ["Tom & Jerry"])
        #expect(run.logged("text") == ["1 < 2 & <raw>|1"])
        #expect(run.logged("markup") == [#"<note xmlns="" by="Tom &amp; Jerry">1 &lt; 2 &amp; &lt;raw&gt;</note>"#])
    }

    @Test("<content> of an event is a DOM in _event.data; a DOM sent on leaves as markup and arrives as a DOM (B.2.3)")
    func eventData() throws {
        let run = try LoggedSession(ecmascript("""
            <state id="s">
              <onentry><send event="books"><content><books xmlns=""><book title="one"/><book title="two"/></books></content></send></onentry>
              <transition event="books" target="t">
                <log label="title" expr="_event.data.getElementsByTagName('book')[1].getAttribute('title')"/>
                <send event="again"><content expr="_event.data"/></send>
              </transition>
            </state>
            <state id="t">
              <transition event="again" target="done">
                <log label="again" expr="_event.data.nodeType + ' ' + _event.data.documentElement.childNodes.length"/>
              </transition>
            </state>
            <final id="done"/>
            """)).run()
        #expect(run.logged("title") == ["two"])
        #expect(run.logged("again") == ["9 2"])
        #expect(run.session.finalState == "done")
    }

    @Test("XML from a src file and <assign> children are DOMs; text that is not XML stays a string")
    func srcAssignAndNotXML() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ecmascript-xml-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<?xml version=\"1.0\"?>\n<list>\n  <x/>\n  <x/>\n</list>\n".write(to: folder.appendingPathComponent("list.xml"), atomically: true, encoding: .utf8)
        let run = try LoggedSession(ecmascript("""
            <datamodel>
              <data id="list" src="file:list.xml"/>
              <data id="later"/>
              <data id="notXML">&lt;b&gt; is not closed</data>
              <data id="json">{"a": "&lt;x/&gt;"}</data>
            </datamodel>
            <state id="s"><onentry>
              <assign location="later"><answer xmlns="">42</answer></assign>
              <log label="list" expr="list.getElementsByTagName('x').length + ' ' + list.documentElement.childNodes.length"/>
              <log label="later" expr="later.documentElement.textContent"/>
              <log label="notXML" expr="typeof notXML + ' ' + notXML"/>
              <log label="json" expr="json.a"/>
            </onentry></state>
            """), baseDirectory: folder.path).run()
        #expect(run.logged("list") == ["2 5"])
        #expect(run.logged("later") == ["42"])
        #expect(run.logged("notXML") == ["string <b> is not closed"])
        #expect(run.logged("json") == ["<x/>"])
    }

    @Test("XML past a limit, or with a document type declaration, raises error.execution naming it")
    func limits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ecmascript-xml-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<!DOCTYPE a [<!ENTITY e \"boom\">]><a>&e;</a>".write(to: folder.appendingPathComponent("dtd.xml"), atomically: true, encoding: .utf8)
        let limits = ECMAScriptLimits(xmlContent: SCXMLDocument.Limits(maxBytes: 4096, maxDepth: 3, maxElements: 100))
        let run = try LoggedSession(ecmascript("""
            <datamodel>
              <data id="deep"><a xmlns=""><b><c><d/></c></b></a></data>
              <data id="dtd" src="file:dtd.xml"/>
            </datamodel>
            <state id="s">
              <onentry><log label="deep" expr="typeof deep"/></onentry>
              <transition event="error.execution" target="t"><log label="first" expr="_event.data.message"/></transition>
            </state>
            <state id="t">
              <transition event="error.execution" target="done"><log label="second" expr="_event.data.message"/></transition>
            </state>
            <final id="done"/>
            """), baseDirectory: folder.path, limits: limits).run()
        #expect(run.logged("deep") == ["undefined"])
        let messages = run.logged("first") + run.logged("second")
        #expect(messages.count == 2)
        #expect(messages.first?.contains("'deep' is XML that cannot be made a DOM") == true)
        #expect(messages.first?.contains("nested more than 3 deep") == true)
        #expect(messages.first?.contains("ECMAScriptLimits.xmlContent") == true)
        #expect(messages.last?.contains("'dtd' is XML that cannot be made a DOM") == true)
        #expect(messages.last?.contains("document type declaration") == true)
        #expect(run.session.finalState == "done")
    }

    @Test("The DOM is read-only: a strict-mode write to a node throws")
    func readOnly() throws {
        let run = try LoggedSession(ecmascript("""
            <datamodel><data id="doc"><a xmlns="" k="v"/></data></datamodel>
            <state id="s">
              <onentry><script>(function () { 'use strict'; doc.documentElement.nodeName = 'b'; })()</script></onentry>
              <transition event="error.execution" target="done"><log label="name" expr="doc.documentElement.nodeName"/></transition>
            </state>
            <final id="done"/>
            """)).run()
        #expect(run.logged("name") == ["a"])
        #expect(run.session.finalState == "done")
    }
}
