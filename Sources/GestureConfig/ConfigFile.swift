import Foundation

/// Reading the files gestured is configured with.
enum ConfigFile {
    /// The file's text; one that cannot be read is an error at its start.
    static func read(_ path: String) throws(ConfigErrors) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "\(error.localizedDescription)"
            throw ConfigErrors([ConfigError(file: path, position: SourcePosition(line: 1, column: 1), "cannot read the file: \(reason)")])
        }
    }
}

extension Configuration {
    /// Reads and checks a configuration file; a file that cannot be read is one more error, at its start.
    public static func load(_ path: String) -> Result<Configuration, ConfigErrors> {
        Result { () throws(ConfigErrors) in try Configuration.parse(try ConfigFile.read(path), file: path) }
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
