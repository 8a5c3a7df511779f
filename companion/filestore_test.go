package companion_test

import (
	"testing"

	"boardside/companion"
	"boardside/companion/storetest"
)

// The FileStore keeps the Store contract, as the app's URI store does
// (app/uristore runs the same tests).
func TestFileStore_Contract(t *testing.T) {
	storetest.Run(t, storetest.Harness{
		New: func(t *testing.T) func() companion.Storage {
			dir := companion.Dir(t.TempDir())
			return func() companion.Storage { return dir }
		},
		Cut: func(t *testing.T, st companion.Store, err error) {
			companion.CutBeforeRename(st.(*companion.FileStore), err)
		},
	})
}
