import Testing

@testable import gesturectl

/// The socket given before the command, as people write it, is the command's.
@Suite struct SocketFirstTests {
    @Test func aSocketBeforeTheCommandGoesAfterIt() {
        #expect(Gesturectl.socketAfterCommand(["--socket", "/s", "monitor", "--raw"]) == ["monitor", "--socket", "/s", "--raw"])
        #expect(Gesturectl.socketAfterCommand(["--socket=/s", "actions", "--check"]) == ["actions", "--socket=/s", "--check"])
        #expect(Gesturectl.socketAfterCommand(["monitor", "--socket", "/s"]) == ["monitor", "--socket", "/s"])
        #expect(Gesturectl.socketAfterCommand(["--socket", "/s"]) == ["--socket", "/s"], "no command: as written, for the parser to say so")
        #expect(Gesturectl.socketAfterCommand(["--help"]) == ["--help"])
    }
}
