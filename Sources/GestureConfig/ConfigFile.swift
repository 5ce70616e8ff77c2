import Foundation

extension Configuration {
    /// Reads and checks a configuration file; a file that cannot be read is one more error, at its start.
    public static func load(_ path: String) -> Result<Configuration, ConfigErrors> {
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            return Result { () throws(ConfigErrors) in try Configuration.parse(text, file: path) }
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "\(error.localizedDescription)"
            return .failure(ConfigErrors([ConfigError(file: path, position: SourcePosition(line: 1, column: 1), "cannot read the file: \(reason)")]))
        }
    }

    /// `gestured check` and `gesturectl check`: each file's verdict, or every error in it, to `report`.
    /// Returns whether all were valid.
    public static func check(_ files: [String], report: (String) -> Void) -> Bool {
        var valid = true
        for file in files {
            switch load(file) {
            case .success(let c):
                report("\(file): ok (\(c.devices.count) device entries, \(c.regions.count) regions, \(c.recognizers.count) recognizers)")
            case .failure(let errors):
                report(errors.description)
                valid = false
            }
        }
        return valid
    }
}
