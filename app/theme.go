package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"boardside/assets"
)

// boardsideTheme is the default theme with square-cornered controls, held
// to one variant when the player chose light or dark (nil follows the
// system), so that choice applies to Boardside alone.
//
// Square corners match the seven-segment digits, and they are cheaper to
// draw where there is no graphics chip: a running timer repaints the whole
// window every second, and under software OpenGL Fyne's rounded fills are
// a large part of that repaint (see the README's Performance table).
//
// Its text font is the app's symbols font (see Font), so the symbols the
// app draws render where there are no system fonts, in a browser.
type boardsideTheme struct {
	fyne.Theme
	variant *fyne.ThemeVariant
}

func (t boardsideTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if t.variant != nil {
		v = *t.variant
	}
	return t.Theme.Color(n, v)
}

func (t boardsideTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	// Fyne 2.8 gives buttons, cards, dialogs, pop-ups and menus corner
	// radii of their own instead of the input and selection ones.
	case theme.SizeNameInputRadius, theme.SizeNameSelectionRadius,
		theme.SizeNameButtonRadius, theme.SizeNameCardRadius, theme.SizeNameDialogRadius,
		theme.SizeNamePopupRadius, theme.SizeNameMenuRadius:
		return 0
	// A finger needs 44×44 (devices.md). Fyne's 8 makes buttons, entries,
	// checks and radio items 36 high (a line of text and this padding on
	// either side); 12.5 makes them 44–45, labels beside them alike, so
	// rows stay aligned.
	case theme.SizeNameInnerPadding:
		return 12.5
	}
	return t.Theme.Size(n)
}

// symbolsFont holds the symbols Fyne's Noto Sans lacks (− ✓ ✗ ★ ▣ …) and
// nothing else.
var symbolsFont = fyne.NewStaticResource("BoardsideSymbols-Regular.ttf", assets.SymbolsFont)

// Font puts the app's symbols font first for text. Fyne draws each rune
// with the first of the theme's font, its own Noto Sans of the same style
// (then the system's fonts, of which a browser has none) that has a glyph
// for it. The symbols font has no letters, so all other text still comes
// from Noto Sans; its space and line metrics are Noto Sans's, so line
// heights, and where a line starting with a symbol sits, are as before.
// The symbols are of one weight: Noto Sans Symbols 2 has no bold.
// Monospace text keeps Fyne's font, whose space sets its tab stops, and so
// do Fyne's icon glyphs (TextStyle.Symbol).
func (t boardsideTheme) Font(s fyne.TextStyle) fyne.Resource {
	if s.Symbol || s.Monospace {
		return t.Theme.Font(s)
	}
	return symbolsFont
}

// ThemeFor returns the theme for a Prefs.Theme choice.
func ThemeFor(choice string) fyne.Theme {
	t := boardsideTheme{Theme: theme.DefaultTheme()}
	switch choice {
	case "light":
		v := theme.VariantLight
		t.variant = &v
	case "dark":
		v := theme.VariantDark
		t.variant = &v
	}
	return t
}

// ApplyTheme sets the theme in this process only; it writes no settings file.
func ApplyTheme(a fyne.App, choice string) { a.Settings().SetTheme(ThemeFor(choice)) }

// CompactTheme is the app's theme with little padding inside widgets, for
// small print in small places (an ADELE room on a phone): not for
// anything tapped.
type CompactTheme struct{ fyne.Theme }

func (t CompactTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameInnerPadding {
		return 2
	}
	return t.Theme.Size(n)
}
