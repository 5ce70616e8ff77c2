import FuzzInput
import ImportCheck

/// `gesturectl import libinput-gestures`: its lines, their commands split as it splits them, then every check of
/// ImportCheck: a mistake at a line of the text, or an actions file gesturectl actions takes on every desktop.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputGesturesImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkImport(.libinputGestures, fuzzText(data, size))
    return 0
}
