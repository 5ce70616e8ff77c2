import ArgumentParser
import GestureConfig
import GestureDaemon

/// Validates configuration files without running anything.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check configuration files: print every error with its line and column; exit 1 if any."
    )

    @Argument(help: "Configuration files.")
    var files: [String] = ["/etc/gestured/gestured.toml"]

    func run() throws {
        var failed = false
        for file in files {
            switch Daemon.loadConfiguration(file) {
            case .success(let c):
                print("\(file): ok (\(c.devices.count) device entries, \(c.regions.count) regions, \(c.recognizers.count) recognizers)")
            case .failure(let errors):
                print(errors)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}
