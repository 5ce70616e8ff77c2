import ConfigSchema
import Foundation
import GestureConfig

/// The actions service (`gesturectl actions`): an actions file carried out for as long as it runs. It owns the
/// service's life with the daemon (ActionsSession: connect, check, add the file's own recognizers, reconnect,
/// take the file again when it changes), the actions in force (ActionPerformer, over GestureActions' ActionRunner,
/// which decides what each event does), and the effects, each behind a small interface (Effects.swift): keys,
/// the pointer, commands and the window in front. The uinput devices, the desktops' focus sources and the
/// command runner are the real ones; tests put their own in their place.
///
/// What it may not touch: the daemon's engine and configuration beyond the actions file's own module
/// (GestureConfig), the command line (gesturectl's), the socket beyond GestureClient.
public enum ActionService {
    /// A line of the service's log (standard output: a user unit's journal reads it through a pipe), at once.
    @Sendable public static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// A file's errors, each with its line and column, and exit status 2: the service does not start on a file
    /// with mistakes, nor on names the daemon lacks or recognizers it refuses at the first connection.
    public static func refuse(_ errors: ConfigErrors) -> Never {
        FileHandle.standardError.write(Data("\(errors)\n".utf8))
        exit(2)
    }
}
