import ArgumentParser
import Foundation
import GestureProtocol

/// A client's reading of the daemon's lines, alone, for callgrind (scripts/line-instructions): every line of a
/// file of them (`gestured replay` output) read as a subscriber reads it, by the one-pass reader gesturectl and
/// GestureClient use, or by the tree reader that read every line before it.
struct LinesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lines", abstract: "Read every line of a file of daemon lines as a client does; print how many were events.")

    @Argument(help: "A file of the daemon's lines (gestured replay --touches CAPTURE).")
    var file: String

    @Flag(help: "Read each line into a tree first (ServerLine.decode), as clients did before the one-pass reader.")
    var tree = false

    func run() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        var reader = ServerLineReader()
        var events = 0
        var start = 0
        try bytes.withUnsafeBufferPointer { all in
            while let newline = all[start...].firstIndex(of: 0x0A) {
                let line = UnsafeBufferPointer(rebasing: all[start..<newline])
                start = newline + 1
                let decoded = try tree ? ServerLine.decode(line) : reader.decode(line)
                if case .event = decoded { events += 1 }
            }
        }
        print("\(events) events")
    }
}
