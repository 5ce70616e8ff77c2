/// gestured's version: the daemon reports it in hello and status, both programs print it for --version and the
/// Debian package (scripts/deb) is numbered from it.
public enum GesturedVersion {
    public static let string = "0.4.0"
}
