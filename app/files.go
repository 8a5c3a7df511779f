package app

// maxImport is the largest file an import reads (1 MiB).
const maxImport = 1 << 20
