//go:build js

package main

import "io"

// command does nothing in a browser: a page has no command line, and
// leaving "boardside serve" out of the web app keeps Go's HTTP server and
// TLS out of the wasm the phone downloads and compiles.
func command([]string, io.Writer, io.Writer) int { return 0 }
