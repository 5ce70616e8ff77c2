import ArgumentParser
import GestureTrace

/// Runs scenario traces through the recognizer engine and prints every action and touch delivery.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Run trace files through the recognizer engine and print what it sends."
    )

    @Argument(help: "Trace files (see docs/traces.md).")
    var files: [String]

    @Flag(name: .long, help: "Also print every recognizer transition, and every contact's change in touch conditioning, with its cause, as lines with '#'.")
    var explain = false

    func run() throws {
        var failed = false
        for file in files {
            if files.count > 1 { print("== \(file)") }
            do {
                let text = try readText(file)
                for line in try Trace.run(text, explain: explain) { print(line) }
            } catch let error as TraceError {
                printError("\(file):\(error.line): \(error.message)")
                failed = true
            } catch {
                // A file that cannot be read: the error names it.
                printError("\(error)")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}
