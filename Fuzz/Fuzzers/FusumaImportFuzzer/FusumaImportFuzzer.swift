import FuzzInput
import ImportCheck

/// `gesturectl import fusuma`: fusuma's YAML (appmatcher's documents too) through Yams, then every check of
/// ImportCheck: a mistake at a line of the text, or an actions file gesturectl actions takes on every desktop.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFusumaImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkImport(.fusuma, fuzzText(data, size))
    return 0
}
