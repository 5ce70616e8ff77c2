/// A mistake in the file imported that the tool it is written for would refuse too: where it is (the column
/// when the format's parser says it) and what is wrong. `gesturectl import` prints it and exits with status 2.
public struct ImportError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int?
    public var message: String

    init(file: String, line: Int, column: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column.map { "\($0):" } ?? "") \(message)" }
}
