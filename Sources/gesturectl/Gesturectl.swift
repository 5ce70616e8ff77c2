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
}

/// The socket option every command that talks to the daemon takes.
struct SocketOption: ParsableArguments {
    @Option(name: .long, help: "The daemon's socket (default: $GESTURED_SOCKET, /run/gestured/gestured.sock, or the one `make run` uses).")
    var socket: String?

    func connect() -> DaemonConnection {
        do {
            let connection = try DaemonConnection(path: socket ?? GestureClient.defaultSocketPath())
            try connection.hello()
            return connection
        } catch {
            fail(error.description)
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("gesturectl: \(message)\n".utf8))
    Foundation.exit(1)
}
