// Conditioning: the touch-conditioning stage between the frame builder and the engine (docs/conditioning.md). It
// owns the stage's settings (TouchConditioning; ConditioningKey, the one list of their configuration keys; a
// device database's facts applied to them), the stage (TouchConditioner, its rules and its transitions), each
// contact's state and the cause of each change (ContactState, ContactCause, ContactClass, ContactTransition), and
// the table its contacts are kept in (TouchTable).
//
// Frames in, frames out, time from the frames: it may use the engine's touches and InputCore's device kinds and
// descriptions, never a recording's format (CaptureFormats) nor a device's events, so that conditioning is the
// same on a live device as on every replay, whatever the capture's format.
