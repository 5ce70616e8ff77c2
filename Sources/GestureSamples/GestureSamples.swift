// GestureSamples: custom recognizers written against the engine's public API alone, as an application would write
// one (the checkmark of Apple's guide, the tickle). It may use nothing but GestureEngine.
