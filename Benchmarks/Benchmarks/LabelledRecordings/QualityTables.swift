import Foundation

/// The tables of docs/quality.md, which are both the benchmark's documentation and its data: what each label
/// asks for, which configurations each kind of device is scored with, what each configuration's recognizers
/// count as, and the devices of recordings that carry no description.
package struct QualityTables {
    package struct Label {
        package var pattern: String
        package var category: String
        package var expectation: Expectation
        package var allowed: Set<String>

        package init(pattern: String, category: String, expectation: Expectation, allowed: Set<String>) {
            self.pattern = pattern
            self.category = category
            self.expectation = expectation
            self.allowed = allowed
        }
    }

    package struct DeviceRow {
        package var pattern: String
        package var description: String?
        package var kind: String?
        /// The identity of the device the recording was made on, for the device database, by the cell's keys:
        /// `name`, `bus`, `vendor`, `product`, `dmi`.
        package var identity: [String: String] = [:]

        /// The identity as `gestured replay` options: `--device-name`, `--bus`, `--vendor`, `--product`, `--dmi`.
        package var replayOptions: [String] {
            QualityTables.identityKeys.compactMap { key, flag in identity[key].map { [flag, $0] } }.flatMap { $0 }
        }
    }

    /// The shipped configurations of each kind of device, in the table's order.
    package var configurations: [String: [String]] = [:]
    /// Each configuration's recognizers and the class each counts as.
    package var classes: [String: [String: String]] = [:]
    package var devices: [DeviceRow] = []
    package var labels: [Label] = []
    /// The half of the labelled set each person's recordings are in, by the recordings' names (a pattern): rules
    /// and constants are chosen on one half and checked on the other (docs/quality.md, Two halves).
    package var halves: [(pattern: String, half: String)] = []

    package init(markdown: String, source: String) throws {
        var header: [String] = []
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard line.hasPrefix("|") else {
                header = []
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
            if header.isEmpty {
                header = cells
                continue
            }
            if cells.allSatisfy({ $0.allSatisfy { $0 == "-" } }) { continue }
            func fail(_ message: String) -> QualityError { QualityError("\(source):\(index + 1): \(message)") }
            guard cells.count == header.count else { throw fail("expected \(header.count) cells, found \(cells.count)") }
            switch header {
            case ["device kind", "configuration"]:
                configurations[cells[0], default: []].append(cells[1])
            case ["configuration", "recognizer", "class"]:
                guard classes[cells[0]]?[cells[1]] == nil else { throw fail("\(cells[1]) of \(cells[0]) is listed twice") }
                classes[cells[0], default: [:]][cells[1]] = cells[2]
            case ["recordings", "description", "kind", "identity"]:
                // "NAME.prop" style rows describe a rule the benchmark applies itself (evemu's own .prop files).
                let description = cells[1].contains(" ") || cells[1].isEmpty ? nil : cells[1]
                let identity: [String: String]
                do { identity = try Self.identity(cells[3]) } catch { throw fail("\(error)") }
                devices.append(DeviceRow(pattern: cells[0], description: description, kind: cells[2].isEmpty ? nil : cells[2], identity: identity))
            case ["recordings", "half"]:
                halves.append((cells[0], cells[1]))
            case ["recordings", "category", "expected", "also allowed"]:
                let expectation: Expectation
                do {
                    expectation = try Expectation(cells[2])
                } catch {
                    throw fail("\(error)")
                }
                let allowed = Set(cells[3].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
                labels.append(Label(pattern: cells[0], category: cells[1], expectation: expectation, allowed: allowed))
            default:
                continue
            }
        }
        guard !labels.isEmpty, !configurations.isEmpty else { throw QualityError("\(source): no label or configuration table found") }
    }

    /// The identity cell's keys, in the order their replay options are given, with those options.
    static let identityKeys = [("name", "--device-name"), ("bus", "--bus"), ("vendor", "--vendor"), ("product", "--product"), ("dmi", "--dmi")]

    /// `name=...; bus=...; vendor=...; product=...; dmi=...` by key.
    static func identity(_ cell: String) throws -> [String: String] {
        var identity: [String: String] = [:]
        for part in cell.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, identityKeys.contains(where: { $0.0 == pair[0] }) else { throw QualityError("cannot read the identity \"\(part)\"") }
            identity[pair[0]] = pair[1]
        }
        return identity
    }

    package func label(for name: String) -> Label? { labels.first { glob($0.pattern, matches: name) } }

    package func device(for name: String) -> DeviceRow? { devices.first { glob($0.pattern, matches: name) } }

    /// The half of the set the recording called `name` is in.
    package func half(of name: String) -> String? { halves.first { glob($0.pattern, matches: name) }?.half }

    /// The class a configuration's recognizer counts as; one the table does not list counts as itself (and
    /// `make quality` refuses a configuration whose recognizers the table does not all list).
    package func gestureClass(of recognizer: String, in configuration: String) -> String {
        classes[configuration]?[recognizer] ?? recognizer
    }

    /// What a label asks of one configuration: only what its recognizers can make. A configuration without a
    /// scroll makes nothing on a scroll file, one without one-finger taps nothing on a tap file; whatever else
    /// it makes there is a wrong kind.
    package func label(_ label: Label, for configuration: String) -> Label {
        let makes = Set(classes[configuration]?.values.map { $0 } ?? [])
        guard case .items(let items) = label.expectation else { return label }
        var adapted = label
        let kept = items.filter { makes.contains($0.gestureClass) }
        adapted.expectation = kept.isEmpty ? .nothing : .items(kept)
        adapted.allowed = label.allowed.intersection(makes)
        return adapted
    }
}

/// What a label asks for.
package enum Expectation: Equatable {
    case skip(String)
    case nothing
    case items([Item])

    package enum Item: Equatable {
        /// At least one gesture of the class.
        case any(String)
        /// At least one gesture of the class per contact (`perTouch`) or per two-finger landing.
        case perTouch(String)
        case perPair(String)
        /// At least one scroll going mainly this way.
        case scroll(Direction)

        package var gestureClass: String {
            switch self {
            case .any(let c), .perTouch(let c), .perPair(let c): c
            case .scroll: "scroll"
            }
        }
    }

    package enum Direction: String, CaseIterable {
        case up, down, left, right, horizontal, vertical
    }

    package init(_ text: String) throws {
        if text.hasPrefix("skip:") {
            self = .skip(text.dropFirst(5).trimmingCharacters(in: .whitespaces))
            return
        }
        if text == "nothing" {
            self = .nothing
            return
        }
        var items: [Item] = []
        for part in text.split(separator: ",") {
            let words = part.split(separator: " ").map(String.init)
            switch words.count {
            case 1: items.append(.any(words[0]))
            case 3 where words[1] == "per" && words[2] == "touch": items.append(.perTouch(words[0]))
            case 3 where words[1] == "per" && words[2] == "pair": items.append(.perPair(words[0]))
            case 2 where words[0] == "scroll":
                guard let direction = Direction(rawValue: words[1]) else { throw QualityError("unknown direction \(words[1])") }
                items.append(.scroll(direction))
            default:
                throw QualityError("cannot read the expectation \"\(part)\"")
            }
        }
        self = .items(items)
    }

    /// The classes a file may show without being wrong.
    package var classes: Set<String> {
        guard case .items(let items) = self else { return [] }
        return Set(items.map(\.gestureClass))
    }
}

package struct QualityError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// `*` matches any run of characters, `/` included; everything else matches itself.
package func glob(_ pattern: String, matches name: String) -> Bool {
    let p = Array(pattern.utf8), n = Array(name.utf8)
    var pi = 0, ni = 0, star = -1, mark = 0
    while ni < n.count {
        if pi < p.count, p[pi] != UInt8(ascii: "*"), p[pi] == n[ni] {
            pi += 1
            ni += 1
        } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
            star = pi
            mark = ni
            pi += 1
        } else if star >= 0 {
            pi = star + 1
            mark += 1
            ni = mark
        } else {
            return false
        }
    }
    while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
    return pi == p.count
}
