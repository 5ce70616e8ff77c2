import Foundation
import SystemCalls

/// Reads a whole text file; its failure names the file and the reason. Bytes that are not UTF-8 become U+FFFD,
/// for the reader of the format to refuse at their line.
func readText(_ path: String) throws(SystemCallError) -> String {
    String(decoding: try fileContents(path), as: UTF8.self)
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data("gestured: \(message)\n".utf8))
}
