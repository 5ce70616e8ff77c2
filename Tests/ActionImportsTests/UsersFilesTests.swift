import GestureActions
import GestureConfig
import GestureProtocol
import Testing

@testable import ActionImports

/// What users' own files hold that the tools' documentation does not show (Tests/ImportFixtures/*-users.*,
/// fusuma-0x.yml, written for these tests): each tool's reader takes it, so the import does, and one movement
/// makes the actions the tool would make, no more.
@Suite struct UsersFilesTests {
    @Test func touchégg() throws {
        let imported = try Imported(.touchegg, fixture: "touchegg-users.conf")
        // The comment with "--" in it is read past, as Touchégg's reader does.
        #expect(imported.recognizerNames == ["pan-3", "swipe-2-horizontal", "swipe-4-vertical", "pinch-2"])
        // Every swipe of three fingers is the pan's, for the way it began: up is Ctrl+F9 alone.
        let pan = imported.actions("pan-3")
        #expect(pan.map(\.direction) == ["up", "right", "left", "left"])
        #expect(pan[0].keys == codes("ctrl+f9") && pan[0].hold == nil && pan[0].states == ["began"])
        #expect(pan[1].hold == codes("alt") && pan[2].hold == codes("alt"))
        #expect(pan[3].application == ApplicationRule(patterns: ["firefox", "Google-chrome"]) && pan[3].keys == codes("alt+left"))
        // Two fingers swipe on touchscreens only: on a touchpad they scroll.
        #expect(imported.recognizer("swipe-2-horizontal")?["touch_types"] == .strings(["direct"]))
        #expect(imported.text.contains("# Touchégg has two-finger swipes from touchscreens only"))
        // The keypad's keys are the keypad's.
        #expect(imported.actions("swipe-4-vertical").first?.keys == codes("ctrl+plus"))
        #expect(imported.actions("pinch-2").first?.keysBack == codes("kpminus"))
        #expect(imported.comment(atLine: 69)?.contains("Not imported: the engine's pinch takes two fingers, not 3") == true)
    }

    /// A comment's dashes are passed over as Touchégg's reader does, but not those of a CDATA section that only
    /// looks like a comment.
    @Test func touchéggCommentsAndWhatOnlyLooksLikeThem() throws {
        let imported = try Imported(
            .touchegg,
            """
            <touchégg><application name="All"><!-- a swipe -- to the right -->
            <gesture type="SWIPE" fingers="3" direction="RIGHT"><action type="RUN_COMMAND"><command><![CDATA[echo '<!-- a -- b -->']]></command></action></gesture>
            </application></touchégg>
            """)
        #expect(imported.actions("swipe-3-horizontal").first?.command == "echo '<!-- a -- b -->'")
    }

    @Test func fusuma() throws {
        let imported = try Imported(.fusuma, fixture: "fusuma-users.yml")
        // The merge key brings Alt held from begin to end.
        #expect(imported.actions("pan-3").map(\.hold) == [codes("alt")])
        // A direction whose lines are all commented out is nothing, and the rest is read.
        #expect(imported.actions("swipe-4-vertical").map(\.direction) == ["down"])
        #expect(imported.actions("pinch-2").first?.keys == codes("leftctrl+kpplus") && imported.actions("pinch-2").first?.keysBack == codes("leftctrl+kpminus"))
        // fusuma can act on a pinch and a rotation in one movement: they may recognize together.
        #expect(imported.recognizer("pinch-2")?["simultaneous_with"] == .strings(["rotation-2"]))
        #expect(imported.comment(atLine: 30)?.contains("Not imported: the engine's pinch takes two fingers, not 3") == true)
    }

    @Test func fusumaZeroX() throws {
        let imported = try Imported(.fusuma, fixture: "fusuma-0x.yml")
        #expect(imported.actions("swipe-3-horizontal").map(\.keys) == [codes("alt+left"), codes("alt+right")])
        #expect(imported.actions("swipe-4-vertical").map(\.keys) == [codes("super")])
        // Spreading was fusuma's `in` before 3.0.
        #expect(imported.actions("pinch-2").first?.keys == codes("ctrl+plus") && imported.actions("pinch-2").first?.keysBack == codes("ctrl+minus"))
        #expect(imported.comment(atLine: 6)?.contains("fusuma 0.x typed shortcut: with xdotool key") == true)
    }

    @Test func libinputGestures() throws {
        let imported = try Imported(.libinputGestures, fixture: "libinput-gestures-users.conf")
        // It runs a pinch's command or a rotation's, never both: they keep each other out.
        #expect(imported.recognizer("pinch-2")?["simultaneous_with"] == nil && imported.recognizer("rotation-2")?["simultaneous_with"] == nil)
        #expect(imported.comment(atLine: 7)?.contains("Not imported: gesturectl import reads libinput-gestures' swipe, pinch and hold gestures, not drag") == true)
        #expect(imported.comment(atLine: 12)?.contains("Not imported: the engine's pinch takes two fingers, not 3") == true)
        #expect(imported.actions("swipe-3-horizontal").count == 2)
    }
}
