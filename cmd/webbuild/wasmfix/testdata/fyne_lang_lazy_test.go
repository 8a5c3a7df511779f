// Added to Fyne's lang by `make wasm-test` through the overlay
// (cmd/webbuild/wasmfix): a start parses Fyne's own translations for the
// language it speaks only, and every language is still there when asked.

package lang

import (
	"testing"

	"fyne.io/fyne/v2"
)

func TestBoardside_OnlyTheLanguageSpokenIsParsed(t *testing.T) {
	if len(translated) < 16 { // English, and Fyne's fifteen files
		t.Fatalf("%d languages offered, want every file's", len(translated))
	}
	if len(builtin) < 13 {
		t.Fatalf("%d languages left unparsed after the start, want all but the one spoken", len(builtin))
	}
	for _, l := range []struct{ locale, cancel string }{{"de", "Abbrechen"}, {"fr-FR", "Annuler"}, {"pt-BR", "Cancelar"}} {
		closest := closestSupportedLocale([]string{l.locale})
		parseBuiltin(closest)
		setupLang(closest.LanguageString())
		if got := L("Cancel"); got != l.cancel {
			t.Errorf("%s: Cancel is %q, want %q", l.locale, got, l.cancel)
		}
	}
	for base := range builtin {
		if base.String() == "pt" {
			t.Error("Brazilian Portuguese left Portuguese unparsed")
		}
	}
	parseBuiltin(fyne.Locale("de")) // again: nothing more to parse
	if got := L("Cancel"); got != "Cancelar" {
		t.Errorf("after asking for German again, Cancel is %q", got)
	}
}

// With the templates patch, a message go-i18n could not translate is
// still filled in, without text/template.
func TestBoardside_FallbackFillsInFields(t *testing.T) {
	if got := fallbackWithData("k", "Player {{.N}} of {{ .Of }}", map[string]any{"N": 2, "Of": 4}); got != "Player 2 of 4" {
		t.Errorf("got %q", got)
	}
	if got := fallbackWithData("k", "{{if .N}}x{{end}}", map[string]any{"N": 2}); got != "{{if .N}}x{{end}}" {
		t.Errorf("a template this build does not run: got %q, want it as written", got)
	}
	if got := L("Player {{.N}}", map[string]any{"N": 3}); got != "Player 3" {
		t.Errorf("L: got %q", got)
	}
}
