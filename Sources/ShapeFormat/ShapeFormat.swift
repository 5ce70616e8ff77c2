// ShapeFormat: shapes as people and clients give them (docs/shapes.md): the shape file, read with every mistake at
// its line and column and written back (ShapeFile), and a shape a client sends over the socket, held to the same
// rules (ClientShapeReader). Both make the engine's ShapeTemplate; matching them is the engine's (GestureEngine,
// Shapes). It reads no file: it is given text, or a FileSource to ask.
