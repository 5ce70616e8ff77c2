import FuzzInput
import ImportCheck

/// `gesturectl import touchegg`: Touchégg 2's XML through Foundation's XMLParser (libxml2), then every check of
/// ImportCheck: a mistake at a line of the text, or an actions file gesturectl actions takes on every desktop.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzToucheggImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkImport(.touchegg, fuzzText(data, size))
    return 0
}
