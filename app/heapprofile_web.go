//go:build js && heapprofile

package app

import (
	"bytes"
	"encoding/base64"
	"runtime"
	"runtime/pprof"
	"syscall/js"
)

// A build with the heapprofile tag (go run ./cmd/webbuild -tags
// migrated_fynedo,no_emoji,release,heapprofile) answers
// window.boardsideHeapProfile() with a heap profile, base64, taken after
// a collection: bench/soakbench -heap DIR saves one at each measure, for
// `go tool pprof -base` to tell what a page kept. Players' builds leave
// runtime/pprof out.
func init() {
	js.Global().Set("boardsideHeapProfile", js.FuncOf(func(js.Value, []js.Value) any {
		runtime.GC()
		var b bytes.Buffer
		if err := pprof.WriteHeapProfile(&b); err != nil {
			return ""
		}
		return base64.StdEncoding.EncodeToString(b.Bytes())
	}))
}
