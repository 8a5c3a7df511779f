// Added to Fyne's internal/painter by `make wasm-test` through the
// overlay (cmd/webbuild/wasmfix): a theme override refreshed again and again,
// as ADELE's board is at every action, parses its fonts once.

package painter

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/internal/cache"
	"fyne.io/fyne/v2/theme"
)

type boardsideObject struct {
	fyne.CanvasObject
	n int
}

func TestBoardside_ThemeOverridesShareTheirFonts(t *testing.T) {
	ClearFontCache()
	plain := CachedFontFace(fyne.TextStyle{}, nil, nil)
	before := fontCache.Len()
	for i := range 50 {
		o := &boardsideObject{n: i}
		// What each ThemeOverride.Refresh does: a new scope.
		cache.OverrideTheme(o, theme.DefaultTheme())
		if CachedFontFace(fyne.TextStyle{}, nil, o) == nil {
			t.Fatal("no face")
		}
		CachedFontFace(fyne.TextStyle{Bold: true}, nil, o)
	}
	if n := fontCache.Len() - before; n > 2 {
		t.Fatalf("50 overrides of one theme parsed its fonts %d times", n)
	}
	if plain == nil {
		t.Fatal("no face without an override")
	}
}
