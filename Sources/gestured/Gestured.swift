import ArgumentParser
import GestureTrace

@main
struct Gestured: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestured",
        abstract: "UIKit's gesture recognizers for Linux touchscreens and touchpads.",
        subcommands: [DevicesCommand.self, RecordCommand.self, TraceCommand.self]
    )
}
