import InputCore

/// A grabbed device's twin: a uinput device described as the original is, under a name that says it is
/// gestured's, to which the touches applications should see are written (docs/passthrough.md).
public enum TwinDevice {
    /// What every twin's name starts with. The hub never opens a device so named: gestured must not read its
    /// own output as a new touch device, nor another gestured's.
    public static let namePrefix = "gestured twin of "

    /// The twin's description: the original's, renamed within the kernel's 80 bytes, with no fuzz on its axes
    /// (the kernel filtered the original's events already; filtering them again would move what it passes on).
    public static func description(of original: DeviceDescription) -> DeviceDescription {
        var twin = original
        var name = namePrefix + original.name
        while name.utf8.count > 79 { name.removeLast() }
        twin.name = name
        for code in twin.axes.keys { twin.axes[code]?.fuzz = 0 }
        return twin
    }

    public static func isTwin(_ description: DeviceDescription) -> Bool { description.name.hasPrefix(namePrefix) }
}
