import ArgumentParser
import GestureProtocol
import GestureTrace

@main
struct Gestured: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestured",
        abstract: "UIKit's gesture recognizers for Linux touchscreens and touchpads.",
        version: GesturedVersion.string,
        subcommands: [
            RunCommand.self, CheckCommand.self, ReplayCommand.self, DevicesCommand.self, RecordCommand.self, SynthesizeCommand.self,
            ShapeCommand.self, TraceCommand.self,
        ]
    )
}
