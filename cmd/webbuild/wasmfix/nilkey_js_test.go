//go:build js && wasm

package wasmfix

import (
	"fmt"
	"testing"
)

type key struct{ n int }

func (k *key) String() string { return fmt.Sprint(k.n) }

// TestNilKey_InBigInterfaceMaps looks a nil key up in maps with interface
// keys that have grown past one table, as Fyne's caches do in a page.
// Built without the runtime patch, the lookup is "RuntimeError: memory
// access out of bounds" in runtime.mapaccess2 (make wasm-test builds it
// with the patch).
func TestNilKey_InBigInterfaceMaps(t *testing.T) {
	for _, n := range []int{100, 1000, 5000} {
		empty := map[any]int{}              // nilinterhash
		stringers := map[fmt.Stringer]int{} // interhash
		for i := range n {
			empty[&key{i}] = i
			stringers[&key{i}] = i
		}
		if _, ok := empty[nil]; ok {
			t.Fatalf("map[any]int of %d: nil found", n)
		}
		if _, ok := stringers[nil]; ok {
			t.Fatalf("map[fmt.Stringer]int of %d: nil found", n)
		}
		empty[nil] = -1
		if v := empty[nil]; v != -1 || len(empty) != n+1 {
			t.Fatalf("map[any]int of %d: nil stored as %d, %d keys", n, v, len(empty))
		}
	}
}
