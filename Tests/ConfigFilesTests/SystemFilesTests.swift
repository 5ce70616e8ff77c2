import ConfigFiles
import Foundation
import Glibc
import Testing

@testable import GestureConfig

/// Reading a configuration file: what the path is when it is not one, in words, and the bytes that are not
/// text, at their place. `gestured check` and a reload both read through `Configuration.load`.
@Suite struct ConfigFileTests {
    /// A folder of its own for each test, removed after it.
    final class Folder {
        let path: String

        init() throws {
            path = NSTemporaryDirectory() + "gestured-config-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            let file = "\(path)/\(name)"
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            return file
        }
    }

    /// What loading `path` says, as `gestured check` prints it.
    func loaded(_ path: String) -> String {
        switch Configuration.load(path, files: SystemFiles()) {
        case .success: "ok"
        case .failure(let errors): errors.description
        }
    }

    @Test func aDirectoryADeviceAndAMissingFileAreNamedInWords() throws {
        let folder = try Folder()
        #expect(loaded(folder.path) == "\(folder.path):1:1: is a directory, not a configuration file")
        #expect(loaded("/dev/null") == "/dev/null:1:1: is a device file, not a configuration")
        #expect(loaded("\(folder.path)/absent.toml") == "\(folder.path)/absent.toml:1:1: does not exist")
        let file = try folder.write("gestured.toml", Array("[daemon]\n".utf8))
        #expect(loaded("\(file)/inside.toml") == "\(file)/inside.toml:1:1: does not exist: a part of its path is not a directory")
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try Folder()
        let fifo = "\(folder.path)/fifo.toml"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(loaded(fifo) == "\(fifo):1:1: is a FIFO (a named pipe), not a configuration file")
    }

    @Test func aSymbolicLinkIsFollowed() throws {
        let folder = try Folder()
        let file = try folder.write("real.toml", Array("[daemon]\nlog_level = \"debug\"\n".utf8))
        let link = "\(folder.path)/gestured.toml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        #expect(try Configuration.load(link, files: SystemFiles()).get().daemon.logLevel == "debug")
        try FileManager.default.createSymbolicLink(atPath: "\(folder.path)/dir.toml", withDestinationPath: folder.path)
        #expect(loaded("\(folder.path)/dir.toml") == "\(folder.path)/dir.toml:1:1: is a directory, not a configuration file")
    }

    @Test func aFileOverOneMebibyteIsRefusedUnread() throws {
        let folder = try Folder()
        let exactly = try folder.write("exactly.toml", Array(repeating: UInt8(ascii: "#"), count: 1 << 20))
        #expect(loaded(exactly) == "ok")
        let over = try folder.write("over.toml", Array(repeating: UInt8(ascii: "#"), count: (1 << 20) + 1))
        #expect(loaded(over) == "\(over):1:1: is larger than 1 MiB (1048577 bytes): a configuration is at most 1048576 bytes")
    }

    @Test func aNULByteIsRefusedAtItsPlace() throws {
        // Everything after the NUL was ignored, and `check` said ok.
        let folder = try Folder()
        let file = try folder.write("nul.toml", Array("[daemon]\nlog_level = \"info\"\n\0\nnot_a_key = 1\n".utf8))
        #expect(loaded(file) == "\(file):3:1: a NUL byte (0x00) at byte offset 28: a configuration is UTF-8 text")
        let inString = try folder.write("nul2.toml", Array("[daemon]\nsocket_group = \"é\0\"\n".utf8))
        #expect(loaded(inString) == "\(inString):2:18: a NUL byte (0x00) at byte offset 27: a configuration is UTF-8 text")
    }

    @Test(arguments: [
        // A byte that starts nothing, a sequence cut short, one that encodes a surrogate, one too long, one past U+10FFFF.
        ([0xFF], "0xFF"), ([0x80], "0x80"), ([0xE2, 0x28], "0xE2 0x28"), ([0xED, 0xA0, 0x80], "0xED 0xA0"),
        ([0xC0, 0xAF], "0xC0"), ([0xF4, 0x90, 0x80, 0x80], "0xF4 0x90"), ([0xE2, 0x82], "0xE2 0x82"),
    ] as [([UInt8], String)])
    func bytesThatAreNotUTF8AreRefusedAtTheirPlace(bad: [UInt8], shown: String) throws {
        let folder = try Folder()
        // "é" is two bytes and one column: columns count characters, as every other error's do.
        let file = try folder.write("bad.toml", Array("[daemon]\nsocket_group = \"é".utf8) + bad)
        #expect(loaded(file) == "\(file):2:18: not UTF-8 at byte offset 27 (\(shown)): a configuration is UTF-8 text")
    }

    @Test func checkPrintsWhatAReloadIsRefusedWith() throws {
        // `gestured check` and the daemon's reload both go through Configuration.load.
        let folder = try Folder()
        let file = try folder.write("gestured.toml", Array("[daemon]\nlog_level = \"loud\"\n\0".utf8))
        var printed: [String] = []
        #expect(!Configuration.check([file, folder.path], files: SystemFiles(), report: { printed.append($0) }))
        #expect(printed == [loaded(file), loaded(folder.path)])
        #expect(printed[0] == "\(file):3:1: a NUL byte (0x00) at byte offset 28: a configuration is UTF-8 text")
    }
}
