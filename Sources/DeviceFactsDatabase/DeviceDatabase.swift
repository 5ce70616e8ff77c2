import ConfigLanguage
import ConfigSchema
import InputCore

/// The device database (docs/devices.md): facts about particular devices, each entry matched by the device's
/// identity and citing where its values come from, read from the shipped folder and then the local one
/// (`/etc/gestured/devices.d`). An entry with an error is refused, with where and why, and the rest apply: a
/// broken local file never stops the daemon.
public struct DeviceDatabase: Sendable {
    public var entries: [DeviceDatabaseEntry] = []
    /// Entries and files refused, each error with its file, line and column.
    public var refused: [ConfigError] = []

    public init(entries: [DeviceDatabaseEntry] = [], refused: [ConfigError] = []) {
        self.entries = entries
        self.refused = refused
    }

    /// Where the database is read from by default: the folder installed beside the executable
    /// (`PREFIX/share/gestured/devices` for `PREFIX/bin/gestured`), then the local one.
    public static func defaultFolders(executable: String) -> [String] {
        let folder = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
        let shipped = folder.hasSuffix("/bin") ? String(folder.dropLast(4)) + "/share/gestured/devices" : "/usr/share/gestured/devices"
        return [shipped, localFolder]
    }

    /// The administrator's own entries, read after the shipped ones: theirs win.
    public static let localFolder = "/etc/gestured/devices.d"

    /// Every `*.toml` file of each folder, folders in order and files by name; a folder that does not exist
    /// holds nothing.
    public static func load(folders: [String], files: any FileSource) -> DeviceDatabase {
        var database = DeviceDatabase()
        for folder in folders {
            for file in files.tomlFiles(in: folder) {
                let path = folder.hasSuffix("/") ? folder + file : folder + "/" + file
                do {
                    let text = try files.text(of: path)
                    let (entries, errors) = parse(text, file: path)
                    database.entries += entries
                    database.refused += errors
                } catch {
                    database.refused += error.errors
                }
            }
        }
        return database
    }


    /// The entries of one file, and the errors of those refused. A file that is not TOML is refused whole.
    public static func parse(_ text: String, file: String) -> (entries: [DeviceDatabaseEntry], errors: [ConfigError]) {
        let root: ConfigNode
        do {
            root = try ConfigNode.parse(text, file: file)
        } catch {
            return ([], error.errors)
        }
        let reader = ConfigReader(file: file, root: root)
        guard let top = reader.table(root, allowed: ["device"], what: "a device database file"),
            let list = top["device"].flatMap({ reader.array($0, what: "an array of tables, written [[device]]") })
        else { return ([], reader.errors) }
        var entries: [DeviceDatabaseEntry] = []
        var errors = reader.errors
        for node in list {
            let before = reader.errors.count
            let entry = DeviceEntryReader(reader: reader).entry(node)
            if reader.errors.count == before, let entry {
                entries.append(entry)
            } else {
                errors += reader.errors[before...]
            }
        }
        var seen: [String: DeviceDatabaseEntry] = [:]
        for entry in entries {
            if let first = seen[entry.id] {
                errors.append(ConfigError(file: file, position: entry.position, "the id '\(entry.id)' is used twice in this file (first at line \(first.position.line))"))
            }
            seen[entry.id] = entry
        }
        // In the order of the file, as a configuration's errors are.
        return (entries, ConfigErrors(errors).errors)
    }

    /// What is known of a device with this identity: every entry that matches, in order, later ones
    /// overriding earlier ones fact by fact.
    public func knowledge(of identity: DeviceIdentity) -> DeviceKnowledge {
        var knowledge = DeviceKnowledge(identity: identity)
        for entry in entries {
            guard let why = entry.match.reasons(identity) else { continue }
            knowledge.facts = knowledge.facts.overridden(by: entry.facts)
            knowledge.applied.append(.init(id: entry.id, file: entry.file, line: entry.position.line, matched: why))
        }
        return knowledge
    }
}

/// One entry: which devices it is about and what it knows of them.
public struct DeviceDatabaseEntry: Sendable {
    public var id: String
    public var file: String
    public var position: SourcePosition
    /// The device in words ("the Cypress APA trackpad of the Samsung Series 5 550 Chromebook").
    public var about: String
    /// Where each value comes from.
    public var sources: [String]
    public var match: DeviceMatch
    public var facts: DeviceFacts
}

/// The identity an entry applies to: every key given must match, a missing key matches anything.
public struct DeviceMatch: Sendable, Equatable {
    public var name: String?
    public var bus: UInt16?
    public var vendor: UInt16?
    public var product: UInt16?
    /// A glob on the machine's DMI modalias.
    public var dmi: String?

    /// Matches every device: refused in a file (an entry about every device is no device's fact).
    public init() {}

    /// Why the identity matches (one phrase a key), or nil when it does not.
    public func reasons(_ identity: DeviceIdentity) -> [String]? {
        var why: [String] = []
        if let name {
            guard DeviceSelector.glob(name[...], identity.name[...]) else { return nil }
            why.append("name \"\(identity.name)\" matches \"\(name)\"")
        }
        if let bus {
            guard identity.bus == bus else { return nil }
            why.append("bus \(Bus.name(of: bus))")
        }
        if let vendor {
            guard identity.vendor == vendor else { return nil }
            why.append("vendor 0x\(String(vendor, radix: 16))")
        }
        if let product {
            guard identity.product == product else { return nil }
            why.append("product 0x\(String(product, radix: 16))")
        }
        if let dmi {
            guard let machine = identity.dmi, DeviceSelector.glob(dmi[...], machine[...]) else { return nil }
            why.append("DMI matches \"\(dmi)\"")
        }
        return why
    }
}

/// What the database knows of one device, and which entries said so and why.
public struct DeviceKnowledge: Sendable {
    public var identity: DeviceIdentity
    public var facts = DeviceFacts.none
    public var applied: [Applied] = []

    public struct Applied: Sendable, Equatable {
        public var id: String
        public var file: String
        public var line: Int
        public var matched: [String]
    }

    public init(identity: DeviceIdentity) {
        self.identity = identity
    }

    /// Nothing known of a device (no database).
    public static func unknown(_ description: DeviceDescription) -> DeviceKnowledge {
        DeviceKnowledge(identity: DeviceIdentity(description, dmi: nil))
    }
}
