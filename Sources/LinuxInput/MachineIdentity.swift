import Glibc

/// Which machine this is, as device databases match it: the DMI modalias the kernel publishes
/// (`dmi:bvn...:svnSAMSUNG...:pnLumpy:...`), which tells the same touchpad in two machines apart.
public enum MachineIdentity {
    /// Nil on machines without DMI (most ARM boards) or when it cannot be read.
    public static func dmiModalias(path: String = "/sys/class/dmi/id/modalias") -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = read(fd, &bytes, bytes.count)
        guard n > 0 else { return nil }
        let text = String(decoding: bytes[..<n], as: UTF8.self).trimmingCharacters(in: "\n ")
        return text.hasPrefix("dmi:") ? text : nil
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
