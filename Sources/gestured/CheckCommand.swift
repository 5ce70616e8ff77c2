import ArgumentParser
import ConfigFiles
import GestureConfig

/// Validates configuration files and the device database without running anything.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check configuration files and the device database: print every error with its line and column; exit 1 if any."
    )

    @Argument(help: "Configuration files.")
    var files: [String] = ["/etc/gestured/gestured.toml"]

    @OptionGroup var database: DeviceDatabaseOptions

    func run() throws {
        let valid = Configuration.check(files, files: SystemFiles(), report: { print($0) })
        let devices = database.load()
        for error in devices.refused { print(error) }
        print("device database (\(database.chosen.joined(separator: ", "))): " + (devices.refused.isEmpty ? "ok" : devices.refused.count == 1 ? "1 error; its entry is refused, the others apply" : "\(devices.refused.count) errors; those entries are refused, the others apply") + " (\(devices.entries.count) entries)")
        if !valid || !devices.refused.isEmpty { throw ExitCode.failure }
    }
}
