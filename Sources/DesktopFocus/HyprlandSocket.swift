import Foundation
import Glibc

/// Where Hyprland's request socket is: `$XDG_RUNTIME_DIR/hypr/$HYPRLAND_INSTANCE_SIGNATURE/.socket.sock` since
/// v0.40.0, `/tmp/hypr/...` before (Hyprland commit a5a64809, whose message tells clients: use
/// `$XDG_RUNTIME_DIR/hypr` if it exists, else the old `/tmp/hypr`). Without XDG_RUNTIME_DIR, hyprctl looks in
/// `/run/user/UID`, and so does this.
enum HyprlandSocket {
    static func requestPath(
        environment: [String: String], uid: uid_t = getuid(), directoryExists: (String) -> Bool = isDirectory
    ) -> String? {
        guard let signature = environment["HYPRLAND_INSTANCE_SIGNATURE"], !signature.isEmpty else { return nil }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(uid)"
        let base = directoryExists("\(runtime)/hypr") ? "\(runtime)/hypr" : "/tmp/hypr"
        return "\(base)/\(signature)/.socket.sock"
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
