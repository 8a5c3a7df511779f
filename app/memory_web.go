//go:build js

package app

import "runtime/debug"

// webMemoryLimit is the Go memory a page aims to stay under. A page's
// wasm memory never shrinks: it is as large as Go's heap ever was. An hour
// of tapping (bench/soakbench) keeps 20-30 MB live, but drawing churns
// hundreds of MB through short-lived images (each text and icon is
// rasterised into a new one), and with only GOGC's pacing the heap's
// high-water mark crept from 98 MB at 15 minutes to 188 MB at 25. Under
// this limit the collector runs sooner as the heap nears it; it costs
// nothing while the heap is well below, and only slows a page whose live
// heap nears the limit.
const webMemoryLimit = 128 << 20

func init() { debug.SetMemoryLimit(webMemoryLimit) }
