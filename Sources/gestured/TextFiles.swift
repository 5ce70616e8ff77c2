import Foundation

/// Reads a whole text file.
func readText(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data("gestured: \(message)\n".utf8))
}
