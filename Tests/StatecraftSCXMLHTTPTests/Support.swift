#if HTTP
import Foundation
import StatecraftSCXML
@testable import StatecraftSCXMLHTTP

/// Runs blocking work (a session driven in real time, a blocking post) on a thread of its own,
/// so that no thread of the concurrency pool waits on the network.
func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.start()
    }
}

/// A processor listening on a free loopback port with a known token.
func startedProcessor(
    _ configuration: SCXMLHTTPConfiguration = SCXMLHTTPConfiguration(token: "test-token")
) async throws -> SCXMLHTTPProcessor {
    let processor = SCXMLHTTPProcessor(configuration: configuration)
    try await processor.start()
    return processor
}

/// What a server answered a raw request: its status and body.
struct Answer: Sendable {
    var status: Int
    var body: String
}

/// Sends `request` exactly as written (CRLF line ends added) to 127.0.0.1:`port`, on a thread.
func exchange(port: Int, _ lines: [String], body: String = "") async throws -> Answer {
    var text = lines.joined(separator: "\r\n") + "\r\n"
    if !lines.contains(where: { $0.lowercased().hasPrefix("content-length:") }) {
        text += "Content-Length: \(body.utf8.count)\r\n"
    }
    text += "Connection: close\r\n\r\n" + body
    let request = Array(text.utf8)
    let client = BasicHTTPClient(timeout: .seconds(5), maxResponseSize: 64 * 1_024, allowsRemoteTargets: false)
    let bytes = try await onThread { () -> Result<[UInt8], any Error> in
        Result { try client.exchange(host: "127.0.0.1", port: port, request: request) }
    }.get()
    let answer = String(decoding: bytes, as: UTF8.self)
    let statusLine = answer.prefix { $0 != "\r" }
    let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? -1
    let body = answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? ""
    return Answer(status: status, body: body)
}

/// A document read from text, with the statecraft datamodel unless it says otherwise.
func document(_ text: String) throws -> SCXMLDocument {
    try SCXMLDocument(xml: text)
}
#endif
