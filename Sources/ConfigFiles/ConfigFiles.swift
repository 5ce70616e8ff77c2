// ConfigFiles: the files gestured is configured with, read from the file system (SystemFiles): a regular file of
// bounded size or an error that says what the path is instead, and a folder's TOML files. It is the one FileSource
// the programs give the schemas, and sits at their edge: gestured, GestureDaemon, gesturectl and the actions service
// link it; the core and the schemas never do.
