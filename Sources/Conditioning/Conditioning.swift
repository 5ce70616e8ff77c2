// Conditioning: the touch-conditioning stage between the frame builder and the engine (docs/conditioning.md). It
// owns the stage's settings (TouchConditioning; ConditioningKey, the one list of their configuration keys; a
// device database's facts applied to them), the stage (TouchConditioner, its rules and its transitions), each
// contact's state and the cause of each change (ContactState, ContactCause, ContactClass, ContactTransition), the
// table its contacts are kept in (TouchTable), and the one way a surface's touches go through the stage to its
// engine, for the daemon and the trace form alike (TouchPipeline), by the one rule of time (TimeRule).
//
// Frames in, frames out, time from the frames: it may use the engine's touches and InputCore's device kinds and
// descriptions, never a recording's format (CaptureFormats) nor a device's events, so that conditioning is the
// same on a live device as on every replay, whatever the capture's format.
