// Added to Fyne's internal/cache by `make wasm-test` through the overlay
// (cmd/webbuild/wasmfix): the browser build's canvas cache, under Node, with
// as many objects as a page holds after a few screens.

package cache

import (
	"testing"

	"fyne.io/fyne/v2"
)

// boardsideObject and boardsideCanvas are an object and a canvas the cache
// only stores and compares: no method of theirs is called.
type boardsideObject struct {
	fyne.CanvasObject
	n int
}

type boardsideCanvas struct{ fyne.Canvas }

func TestBoardside_NilLookupWithThousandsOfObjects(t *testing.T) {
	c := &boardsideCanvas{}
	objects := make([]*boardsideObject, 5000)
	for i := range objects {
		objects[i] = &boardsideObject{n: i}
		SetCanvasForObject(objects[i], c, nil)
	}
	// What BaseWidget.Move asks for a tabButton that was never extended:
	// without the fix, "memory access out of bounds" on js/wasm.
	if got := GetCanvasForObject(nil); got != nil {
		t.Fatalf("a nil object has a canvas: %v", got)
	}
	for _, o := range []*boardsideObject{objects[0], objects[2500], objects[4999]} {
		if GetCanvasForObject(o) != c {
			t.Fatalf("object %d lost its canvas", o.n)
		}
	}
	if n := canvases.Len(); n < len(objects) {
		t.Fatalf("the cache holds %d objects, not %d", n, len(objects))
	}
}
