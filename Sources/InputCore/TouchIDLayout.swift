import GestureEngine

/// How a touch's id (the engine's `TouchID`, 64 bits) is made, in one place (docs/input.md, Touch ids):
///
///     bits 40 and up   the device (DeviceID): each numbers its contacts from a block of its own
///     bits 32 to 39    the piece of a contact's path: touch conditioning cuts a path where it jumps (Conditioning)
///     bits 0 to 31     the contact, counted by the device's frame builder from its block's first id
///
/// so ids never collide across devices, nor a contact's pieces with each other or with later contacts.
public enum TouchIDLayout {
    /// The first id of the `index`th device opened (from 0).
    public static func firstID(ofDevice index: Int) -> TouchID { TouchID(UInt64(index) << 40 | 1) }

    /// A contact's pieces after the first: at most this many, after which its path is no longer cut.
    public static let maximumPieces: UInt64 = 255

    /// The id of piece `piece` (0 for the first) of the contact whose id is `contact`.
    public static func id(ofPiece piece: UInt64, of contact: TouchID) -> TouchID { TouchID(contact.rawValue | piece << 32) }
}
