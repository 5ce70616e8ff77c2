// CaptureFormats: recordings as text. It owns `Recording` and its readers, each format's own (evemu with or
// without a description, bare `E:` lines, evtest, libinput record's YAML and its event lists, Android's getevent
// log and `-lp` description), the evemu writer, the byte scanner the readers share (LineScanner, ByteNames), the
// gesture script that synthesizes recordings, and Replay, which runs a recording through InputCore's frame builder.
//
// It builds on InputCore (events, descriptions, the frame builder) and may not use Conditioning or TwinEncoding:
// a recording is a device's own events, and what later stages make of them is not a reader's concern. It needs Yams
// (and with it Foundation and the libyaml it vendors), for libinput record's YAML, as ActionImports does for
// fusuma's, which takes the one rule for libyaml's lines from here (YAMLLines): a module that needs no recording
// (the configuration, the trace form, conditioning) does not link them.
