// GestureTrace: the text-trace form of scenarios (docs/traces.md): a trace's lines parsed (TraceFormat), run through
// the daemon's own touch pipeline, touch conditioning first when asked (Trace, TraceConditioning; Conditioning's
// TouchPipeline and TimeRule), and what happened printed, for the scenario tests, `gestured trace` and the fuzzers.
//
// Time is the trace's own; it reads no file, no device and no clock, and runs no pipeline of its own: what the
// daemon does with touches and deadlines, a trace does through the same code.
