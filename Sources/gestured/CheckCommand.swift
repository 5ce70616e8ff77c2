import ArgumentParser
import GestureConfig

/// Validates configuration files without running anything.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check configuration files: print every error with its line and column; exit 1 if any."
    )

    @Argument(help: "Configuration files.")
    var files: [String] = ["/etc/gestured/gestured.toml"]

    func run() throws {
        if !Configuration.check(files, report: { print($0) }) { throw ExitCode.failure }
    }
}
