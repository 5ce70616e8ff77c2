import CaptureFormats
import DeviceFactsDatabase
import GestureConfig
import GestureCore
import InputCore

// A recording as a device: the replays' (gestured replay, run --replay), which the core does not read.

extension DeviceInfo {
    /// The device a recording was made on, numbered `id`, at `node`: its kind as given, else from its description; its size
    /// from its axes. The recording's description is the corrected one (`DeviceKnowledge.correct`).
    public init(recording: Recording, source: String, id: DeviceID, node: String, kind: DeviceKind? = nil, knowledge: DeviceKnowledge? = nil) throws(InputError) {
        guard let description = recording.description else {
            throw InputError(device: source, Replay.missingDescription)
        }
        guard let axes = description.positionAxes else {
            throw InputError(device: source, "the recording describes no touch device (no position axes)")
        }
        self.init(
            id: id, node: node, description: description, kind: kind ?? DeviceKind.classify(description),
            geometry: SurfaceGeometry(x: axes.x, y: axes.y), knowledge: knowledge)
    }
}

extension DeviceKnowledge {
    /// The recording with its device's description corrected by what is known of the device.
    public func correct(_ recording: Recording) -> Recording {
        var corrected = recording
        corrected.description = recording.description.map(facts.corrected)
        return corrected
    }
}
