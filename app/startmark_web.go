//go:build js

package app

import "syscall/js"

// startMark puts a performance mark in the page, so that where the time to
// the first frame goes can be read beside the page's own marks
// (bench/webappprof). A mark costs a few microseconds.
func startMark(name string) { js.Global().Get("performance").Call("mark", name) }
