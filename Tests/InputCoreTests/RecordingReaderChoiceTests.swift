import Testing

@testable import InputCore

/// Which reader a recording goes to: evtest's text is told by its own lines at a line's start; evemu files
/// quote the same words after a `#` and stay evemu.
@Suite struct RecordingReaderChoiceTests {
    @Test(arguments: [
        ("Input driver version is 1.0.1\nInput device name: \"pad\"\n", true),
        ("Available devices:\n/dev/input/event3:\tpad\nSelect the device event number [0-3]: 3\nInput driver version is 1.0.1\n", true),
        ("Event: time 1.000000, type 3 (EV_ABS), code 0 (ABS_X), value 5\n", true),
        ("# EVEMU 1.3\n# Input device name: \"pad\"\n# Input driver version quoted\nN: pad\nE: 0.000000 0000 0000 0\n", false),
        ("E: 0.000000 0003 0035 100\nE: 0.000000 0000 0000 0\n", false),
        ("x Input device name: not at a line's start\n", false),
        ("", false),
    ])
    func evtestTextIsToldByItsLineStarts(text: String, isEvtest: Bool) {
        #expect(EvtestFormat.looksLike(text) == isEvtest)
    }
}
