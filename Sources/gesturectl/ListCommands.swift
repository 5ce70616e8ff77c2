import ArgumentParser
import ConfigFiles
import Foundation
import GestureClient
import GestureConfig
import GestureProtocol

/// Rows under their column names, or the reply's JSON line as the daemon sent it.
private func printTable(_ reply: (line: [UInt8], reply: Reply), columns: [String], json: Bool, rows: (Reply) -> [[String]]) {
    if json {
        print(String(decoding: reply.line, as: UTF8.self))
        return
    }
    let rows = rows(reply.reply)
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
        printTable(ask(socket, .listDevices), columns: ["name", "node", "kind", "size_mm", "size_source", "rotation", "device_name"], json: json) {
            guard case .devices(let devices) = $0 else { return [] }
            return devices.map { d in
                [d.name, d.node, d.kind, numbers([d.sizeMillimetres.width, d.sizeMillimetres.height]), d.sizeSource, "\(d.rotation)", d.deviceName]
            }
        }
    }
}

struct RecognizersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recognizers", abstract: "List recognizers with their current state.")
    @OptionGroup var socket: SocketOption
    @Flag(name: .long, help: "Print the JSON reply.") var json = false

    func run() throws {
        printTable(ask(socket, .listRecognizers), columns: ["name", "kind", "device", "region", "state", "enabled", "owner"], json: json) {
            guard case .recognizers(let recognizers, _) = $0 else { return [] }
            return recognizers.map { r in [r.name, r.kind, r.device, r.region, r.state.name, r.enabled ? "yes" : "no", r.owner] }
        }
    }
}

struct RegionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "regions", abstract: "List regions (normalized rectangles).")
    @OptionGroup var socket: SocketOption
    @Flag(name: .long, help: "Print the JSON reply.") var json = false

    func run() throws {
        printTable(ask(socket, .listRegions), columns: ["name", "device", "parent", "rect", "owner"], json: json) {
            guard case .regions(let regions) = $0 else { return [] }
            return regions.map { r in [r.name, r.device, r.parent ?? "-", numbers(r.rect), r.owner] }
        }
    }
}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the daemon's status.")
    @OptionGroup var socket: SocketOption
    @Flag(name: .long, help: "Print the JSON reply.") var json = false

    func run() throws {
        let answer = ask(socket, .status)
        if json { return print(String(decoding: answer.line, as: UTF8.self)) }
        guard case .status(let s) = answer.reply else { return }
        var rows: [(String, String)] = [
            ("daemon_version", s.daemonVersion), ("protocol", "\(s.protocolVersion)"), ("config", s.config), ("source", s.source ?? "-"),
            ("uptime_s", s.uptime.map(EventText.number) ?? "-"), ("devices", "\(s.devices)"), ("unclaimed_devices", "\(s.unclaimedDevices)"),
            ("recognizers", "\(s.recognizers)"), ("clients", "\(s.clients)"), ("client_recognizers", "\(s.clientRecognizers)"),
            ("client_regions", "\(s.clientRegions)"), ("frames", "\(s.frames)"), ("gestures", "\(s.gestures)"), ("lines_sent", "\(s.linesSent)"),
            ("reloads", "\(s.reloads)"), ("rejected_reloads", "\(s.rejectedReloads)"), ("kernel_drops", "\(s.kernelDrops)"),
        ]
        if let latency = s.latency {
            rows.append(("latency_us.frames", "\(latency.frames)"))
            for (part, p) in [("input", latency.input), ("engine", latency.engine), ("write", latency.write)] {
                rows += [("latency_us.\(part).p50", EventText.number(p.p50)), ("latency_us.\(part).p99", EventText.number(p.p99)), ("latency_us.\(part).max", EventText.number(p.max))]
            }
        }
        for (name, value) in rows { print("\(EventText.pad(name, 26)) \(value)") }
    }
}

struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload", abstract: "Make the daemon read its configuration again (an invalid file is refused; the running one stays).")
    @OptionGroup var socket: SocketOption

    func run() throws {
        guard case .reloaded(let file, let recognizers) = ask(socket, .reload).reply else { return }
        print("reloaded \(file): \(recognizers) recognizers")
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check configuration files here, without the daemon; exit 1 on any error.")
    @Argument(help: "Configuration files.") var files: [String] = ["/etc/gestured/gestured.toml"]

    func run() throws {
        if !Configuration.check(files, files: SystemFiles(), report: { print($0) }) { throw ExitCode.failure }
    }
}

private func ask(_ socket: SocketOption, _ request: Request) -> (line: [UInt8], reply: Reply) {
    let connection = socket.connect()
    do { return try connection.request(request) } catch { fail(error.message) }
}

/// Numbers as a person reads them, one after another.
private func numbers(_ values: [Double]) -> String { values.map(EventText.number).joined(separator: ", ") }
