import ConfigSchema

extension Configuration {
    /// Reads and checks a configuration file: what `gestured check` and a reload both do, so that a file one
    /// refuses the other refuses too, with the same errors. A file that cannot be read is one error, at its start.
    public static func load(_ path: String, files: any FileSource) -> Result<Configuration, ConfigErrors> {
        Result { () throws(ConfigErrors) in try Configuration.parse(bytes: try files.bytes(of: path), file: path, files: files) }
    }

    /// Checks a file's bytes as `load` does once it has read them: UTF-8 text, then the configuration.
    public static func parse(bytes: [UInt8], file: String, files: any FileSource = NoFiles()) throws(ConfigErrors) -> Configuration {
        try parse(try ConfigText.decode(bytes, file: file), file: file, files: files)
    }

    /// `gestured check` and `gesturectl check`: each file's verdict, or every error in it, to `report`.
    /// Returns whether all were valid.
    public static func check(_ paths: [String], files: any FileSource, report: (String) -> Void) -> Bool {
        var valid = true
        for path in paths {
            switch load(path, files: files) {
            case .success(let c):
                report("\(path): ok (\(c.devices.count) device entries, \(c.regions.count) regions, \(c.recognizers.count) recognizers)")
                for warning in FrameWork(c).warnings { report("\(path): warning: \(warning)") }
            case .failure(let errors):
                report(errors.description)
                valid = false
            }
        }
        return valid
    }
}
