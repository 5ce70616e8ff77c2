import ArgumentParser
import Foundation
import GestureConfig
import GestureProtocol

/// Prints a reply's list as a table, or the reply as JSON.
private func printList(_ message: DaemonConnection.Message, key: String, columns: [String], json: Bool) {
    if json {
        print(String(decoding: message.line, as: UTF8.self))
        return
    }
    guard case .array(let items)? = message.fields[key] else { return }
    let rows = items.compactMap { item -> [String]? in
        guard case .object(let o) = item else { return nil }
        return columns.map { o[$0]?.text ?? "-" }
    }
    let widths = columns.indices.map { i in max(columns[i].count, rows.map { $0[i].count }.max() ?? 0) }
    print(columns.indices.map { EventText.pad(columns[$0].uppercased(), widths[$0]) }.joined(separator: "  "))
    for row in rows { print(row.indices.map { EventText.pad(row[$0], widths[$0]) }.joined(separator: "  ")) }
    if rows.isEmpty { print("(none)") }
}

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "devices", abstract: "List the devices the daemon uses.")
    @OptionGroup var socket: SocketOption
    @Flag(name: .long, help: "Print the JSON reply.") var json = false

    func run() throws {
        let reply = try ask(socket, ["type": "list_devices"])
        printList(reply, key: "devices", columns: ["name", "node", "kind", "size_mm", "size_source", "rotation", "device_name"], json: json)
    }
}

struct RecognizersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recognizers", abstract: "List recognizers with their current state.")
    @OptionGroup var socket: SocketOption
    @Flag(name: .long, help: "Print the JSON reply.") var json = false

    func run() throws {
        let reply = try ask(socket, ["type": "list_recognizers"])
        printList(reply, key: "recognizers", columns: ["name", "kind", "device", "region", "state", "enabled", "owner"], json: json)
    }
}

struct RegionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "regions", abstract: "List regions (normalized rectangles).")
    @OptionGroup var socket: SocketOption
    @Flag(name: .long, help: "Print the JSON reply.") var json = false

    func run() throws {
        let reply = try ask(socket, ["type": "list_regions"])
        printList(reply, key: "regions", columns: ["name", "device", "parent", "rect", "owner"], json: json)
    }
}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the daemon's status.")
    @OptionGroup var socket: SocketOption
    @Flag(name: .long, help: "Print the JSON reply.") var json = false

    func run() throws {
        let reply = try ask(socket, ["type": "status"])
        if json { return printList(reply, key: "", columns: [], json: true) }
        for key in reply.fields.keys.sorted() where key != "type" && key != "id" { printField(key, reply.fields[key]!) }
    }

    /// A nested object's fields a line each, named by their path (latency_us.engine.p99).
    private func printField(_ name: String, _ value: JSONValue) {
        if case .object(let fields) = value {
            for key in fields.keys.sorted() { printField("\(name).\(key)", fields[key]!) }
        } else {
            print("\(EventText.pad(name, 26)) \(value.text ?? "-")")
        }
    }
}

struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload", abstract: "Make the daemon read its configuration again (an invalid file is refused; the running one stays).")
    @OptionGroup var socket: SocketOption

    func run() throws {
        let reply = try ask(socket, ["type": "reload"])
        print("reloaded \(reply.fields["file"]?.text ?? "?"): \(reply.fields["recognizers"]?.text ?? "?") recognizers")
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check configuration files here, without the daemon; exit 1 on any error.")
    @Argument(help: "Configuration files.") var files: [String] = ["/etc/gestured/gestured.toml"]

    func run() throws {
        if !Configuration.check(files, report: { print($0) }) { throw ExitCode.failure }
    }
}

private func ask(_ socket: SocketOption, _ request: [String: Any]) throws -> DaemonConnection.Message {
    let connection = try socket.connect()
    do { return try connection.request(request) } catch { fail(error.description) }
}
