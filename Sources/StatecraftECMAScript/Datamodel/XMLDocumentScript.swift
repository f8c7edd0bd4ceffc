#if canImport(JavaScriptCore) || ECMAScript
/// The JavaScript side of XML values in the `ecmascript` datamodel (SCXML B.2): a read-only DOM
/// built from a tree the Swift side has read and bounded (``ECMAScriptDatamodel/xmlDocument(_:)``).
enum XMLDocumentScript {
    /// A script whose value is a function from a tree to a `Document` node.
    ///
    /// The tree: an element is `[localName, prefix, namespaceURI, attributes, children]`, each
    /// attribute `[localName, prefix, namespaceURI, value]` (namespace declarations among them,
    /// in the namespace `http://www.w3.org/2000/xmlns/`, as DOM Level 2 has them), each child an
    /// element or a string of text. The nodes follow DOM Level 2 Core's names (`nodeType`,
    /// `nodeName`, `childNodes`, `getElementsByTagName`, `getAttribute`, `attributes`, ...) and
    /// are frozen; `toJSON` gives a node's XML text, so a node that leaves the context (event
    /// data, a log) leaves as its markup.
    static let source = """
        (function () {
            'use strict';
            var define = Object.defineProperty, freeze = Object.freeze, create = Object.create;
            var XMLNS = 'http://www.w3.org/2000/xmlns/';
            var positions = new WeakMap();
            function field(object, name, value) { define(object, name, { value: value, enumerable: true }); }
            function tag(prototype, name) { define(prototype, Symbol.toStringTag, { value: name }); }
            function getter(prototype, name, get) { define(prototype, name, { get: get, enumerable: true }); }

            var NodeList = {
                item: function (index) { return index >= 0 && index < this.length ? this[index] : null; },
                forEach: function (visit, self) { for (var i = 0; i < this.length; i++) visit.call(self, this[i], i, this); }
            };
            tag(NodeList, 'NodeList');
            var NamedNodeMap = create(NodeList);
            NamedNodeMap.getNamedItem = function (name) {
                for (var i = 0; i < this.length; i++) if (this[i].nodeName === name) return this[i];
                return null;
            };
            NamedNodeMap.getNamedItemNS = function (namespace, localName) {
                namespace = namespace === '' ? null : namespace;
                for (var i = 0; i < this.length; i++) {
                    if (this[i].namespaceURI === namespace && this[i].localName === localName) return this[i];
                }
                return null;
            };
            tag(NamedNodeMap, 'NamedNodeMap');
            function list(prototype, items) {
                var made = create(prototype);
                for (var i = 0; i < items.length; i++) field(made, i, items[i]);
                define(made, 'length', { value: items.length });
                return freeze(made);
            }
            var empty = list(NodeList, []);

            var Node = {
                ELEMENT_NODE: 1, ATTRIBUTE_NODE: 2, TEXT_NODE: 3, DOCUMENT_NODE: 9,
                hasChildNodes: function () { return this.childNodes.length > 0; },
                hasAttributes: function () { return false; },
                toJSON: function () { return serialize(this); }
            };
            getter(Node, 'firstChild', function () { return this.childNodes.length ? this.childNodes[0] : null; });
            getter(Node, 'lastChild', function () { return this.childNodes.length ? this.childNodes[this.childNodes.length - 1] : null; });
            function sibling(node, step) {
                var parent = node.parentNode;
                if (!parent) return null;
                var at = positions.get(node) + step;
                return at >= 0 && at < parent.childNodes.length ? parent.childNodes[at] : null;
            }
            getter(Node, 'previousSibling', function () { return sibling(this, -1); });
            getter(Node, 'nextSibling', function () { return sibling(this, 1); });
            getter(Node, 'textContent', function () {
                if (this.nodeType === 9) return null;
                if (this.nodeType !== 1) return this.nodeValue;
                var parts = [];
                (function collect(node) {
                    node.childNodes.forEach(function (child) {
                        if (child.nodeType === 3) parts.push(child.nodeValue); else collect(child);
                    });
                })(this);
                return parts.join('');
            });

            function matches(element, namespace, localName) {
                return (namespace === '*' || element.namespaceURI === (namespace === '' ? null : namespace))
                    && (localName === '*' || element.localName === localName);
            }
            function descendants(root, test) {
                var found = [];
                (function walk(node) {
                    node.childNodes.forEach(function (child) {
                        if (child.nodeType !== 1) return;
                        if (test(child)) found.push(child);
                        walk(child);
                    });
                })(root);
                return list(NodeList, found);
            }
            function byName(name) {
                name = String(name);
                return descendants(this, function (element) { return name === '*' || element.nodeName === name; });
            }
            function byNameNS(namespace, localName) {
                localName = String(localName);
                return descendants(this, function (element) { return matches(element, namespace, localName); });
            }

            var Element = create(Node);
            tag(Element, 'Element');
            Element.getElementsByTagName = byName;
            Element.getElementsByTagNameNS = byNameNS;
            Element.getAttributeNode = function (name) { return this.attributes.getNamedItem(String(name)); };
            Element.getAttributeNodeNS = function (namespace, localName) {
                return this.attributes.getNamedItemNS(namespace, String(localName));
            };
            Element.getAttribute = function (name) { var found = this.getAttributeNode(name); return found ? found.value : ''; };
            Element.getAttributeNS = function (namespace, localName) {
                var found = this.getAttributeNodeNS(namespace, localName);
                return found ? found.value : '';
            };
            Element.hasAttribute = function (name) { return this.getAttributeNode(name) !== null; };
            Element.hasAttributeNS = function (namespace, localName) { return this.getAttributeNodeNS(namespace, localName) !== null; };
            Element.hasAttributes = function () { return this.attributes.length > 0; };

            var Attr = create(Node);
            tag(Attr, 'Attr');
            getter(Attr, 'name', function () { return this.nodeName; });
            getter(Attr, 'value', function () { return this.nodeValue; });
            var Text = create(Node);
            tag(Text, 'Text');
            getter(Text, 'data', function () { return this.nodeValue; });
            getter(Text, 'length', function () { return this.nodeValue.length; });
            var Document = create(Node);
            tag(Document, 'Document');
            Document.getElementsByTagName = byName;
            Document.getElementsByTagNameNS = byNameNS;

            function qualified(prefix, localName) { return prefix ? prefix + ':' + localName : localName; }
            function node(prototype, type, name, value, parent, owner, namespace, prefix, localName) {
                var made = create(prototype);
                field(made, 'nodeType', type);
                field(made, 'nodeName', name);
                field(made, 'nodeValue', value);
                field(made, 'parentNode', parent);
                field(made, 'ownerDocument', owner);
                field(made, 'namespaceURI', namespace);
                field(made, 'prefix', prefix);
                field(made, 'localName', localName);
                return made;
            }
            function element(tree, parent, owner) {
                var name = qualified(tree[1], tree[0]);
                var made = node(Element, 1, name, null, parent, owner, tree[2], tree[1], tree[0]);
                field(made, 'tagName', name);
                var attributes = tree[3].map(function (item) {
                    var attribute = node(Attr, 2, qualified(item[1], item[0]), item[3], null, owner, item[2], item[1], item[0]);
                    field(attribute, 'ownerElement', made);
                    field(attribute, 'specified', true);
                    field(attribute, 'childNodes', empty);
                    return freeze(attribute);
                });
                field(made, 'attributes', list(NamedNodeMap, attributes));
                var children = tree[4].map(function (child, index) {
                    var built = typeof child === 'string'
                        ? freeze(withChildren(node(Text, 3, '#text', child, made, owner, null, null, null), empty))
                        : element(child, made, owner);
                    positions.set(built, index);
                    return built;
                });
                return freeze(withChildren(made, list(NodeList, children)));
            }
            function withChildren(made, children) { field(made, 'childNodes', children); return made; }

            function escape(text, attribute) {
                return String(text).replace(attribute ? /[&<"\\t\\n\\r]/g : /[&<>\\r]/g, function (c) {
                    return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\\t': '&#9;', '\\n': '&#10;', '\\r': '&#13;' }[c];
                });
            }
            function serialize(target) {
                if (target.nodeType === 9) return serialize(target.documentElement);
                if (target.nodeType === 2) return target.value;
                if (target.nodeType === 3) return escape(target.nodeValue, false);
                var parts = [];
                (function write(item) {
                    if (item.nodeType === 3) { parts.push(escape(item.nodeValue, false)); return; }
                    parts.push('<', item.nodeName);
                    item.attributes.forEach(function (a) { parts.push(' ', a.nodeName, '="', escape(a.nodeValue, true), '"'); });
                    if (!item.childNodes.length) { parts.push('/>'); return; }
                    parts.push('>');
                    item.childNodes.forEach(write);
                    parts.push('</', item.nodeName, '>');
                })(target);
                return parts.join('');
            }

            return function (tree) {
                var made = node(Document, 9, '#document', null, null, null, null, null, null);
                var root = element(tree, made, made);
                positions.set(root, 0);
                field(made, 'documentElement', root);
                return freeze(withChildren(made, list(NodeList, [root])));
            };
        })()
        """
}
#endif
