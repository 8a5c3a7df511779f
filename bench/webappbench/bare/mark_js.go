//go:build js

package main

import "syscall/js"

// mark puts a performance mark in the page, as Boardside's startMark does.
func mark(name string) { js.Global().Get("performance").Call("mark", name) }
