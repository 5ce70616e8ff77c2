import ArgumentParser
import Foundation
import GestureClient
import GestureProtocol

@main
struct Gesturectl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesturectl",
        abstract: "Talk to the gestured daemon: watch gestures, list devices and recognizers, reload.",
        version: GesturedVersion.string,
        subcommands: [
            MonitorCommand.self, DevicesCommand.self, RecognizersCommand.self, RegionsCommand.self, StatusCommand.self,
            ReloadCommand.self, CheckCommand.self, ActionsCommand.self, ImportCommand.self, ShapeCommand.self, FocusCommand.self,
        ]
    )

    /// `gesturectl --socket S monitor` is `gesturectl monitor --socket S`: the socket is every command's, and people
    /// write it first, as they write `systemctl --user` before what it does.
    static func main() async {
        await main(socketAfterCommand(Array(CommandLine.arguments.dropFirst())))
    }

    /// The arguments with a `--socket` given before the command moved after the command's name.
    static func socketAfterCommand(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var i = 0
        while i < arguments.count {
            if arguments[i] == "--socket", i + 1 < arguments.count {
                leading += arguments[i...i + 1]
                i += 2
            } else if arguments[i].hasPrefix("--socket=") {
                leading.append(arguments[i])
                i += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty, i < arguments.count else { return arguments }
        return [arguments[i]] + leading + arguments[(i + 1)...]
    }
}

/// The socket option every command that talks to the daemon takes.
struct SocketOption: ParsableArguments {
    @Option(name: .long, help: "The daemon's socket (default: $GESTURED_SOCKET, /run/gestured/gestured.sock, or the one `make run` uses).")
    var socket: String?

    /// The daemon's socket, hello said; a connection refused ends gesturectl with what to do about it.
    func connect() -> DaemonSocket {
        let path = socket ?? GestureClient.defaultSocketPath()
        do {
            let connection = try DaemonSocket(path: path)
            _ = try connection.request(.hello(version: ProtocolVersion.current, client: "gesturectl"))
            return connection
        } catch {
            switch error.code {
            case "not_running":
                fail("gestured is not running: nothing listens on \(path) (start it with `systemctl start gestured`, or `make run` in the source tree; --socket or GESTURED_SOCKET name another socket)")
            case "access_denied":
                fail("access denied to \(path): the socket is for its group only; add your user to that group (`ls -l \(path)` shows it, usually gestured) and log in again")
            default:
                fail(error.message)
            }
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("gesturectl: \(message)\n".utf8))
    Foundation.exit(1)
}
