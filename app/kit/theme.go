package kit

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
	if c, ok := palette[v][n]; ok {
		return c
	}
	return t.Theme.Color(n, v)
}

// palette holds the colours Boardside sets in place of Fyne's, by variant,
// so that everything read at the table stands out from what is behind it
// (checked by TestContrast_*, in WCAG's terms):
//   - the text of every button, of any importance, and the success, error
//     and primary colours as text on the background, at 4.5:1 or more;
//     Fyne's white on its bright green (1.48:1), orange (2.16:1), red and
//     blue, and its blue on the dark background, were less;
//   - a disabled control's text and outline, and an unticked box's or an
//     empty radio button's outline, at 3:1 or more against the background
//     (Fyne's were 1.2 to 1.6:1, barely there); disabled text is still
//     well below the enabled text, so it reads as disabled.
//
// Where a colour is a fill behind text in one place and text in another,
// each variant picks the side that works both ways: a dark green, red and
// blue with white text on a light screen, light ones with dark text on a
// dark screen. Warning is only ever a fill (a forced die in Mission
// Control carries the normal text colour on it): light amber in light,
// dark orange in dark.
//
// The primary colour is fixed here rather than taken from Fyne's
// preference, which no Boardside setting offers, so that no choice of it
// undoes the contrast.
var palette = map[fyne.ThemeVariant]map[fyne.ThemeColorName]color.Color{
	theme.VariantLight: {
		theme.ColorNamePrimary:             rgb(0x1d, 0x63, 0xd8),
		theme.ColorNameHyperlink:           rgb(0x1d, 0x63, 0xd8),
		theme.ColorNameForegroundOnPrimary: rgb(0xff, 0xff, 0xff),
		theme.ColorNameSuccess:             rgb(0x1b, 0x7f, 0x37),
		theme.ColorNameForegroundOnSuccess: rgb(0xff, 0xff, 0xff),
		theme.ColorNameError:               rgb(0xc6, 0x28, 0x28),
		theme.ColorNameForegroundOnError:   rgb(0xff, 0xff, 0xff),
		theme.ColorNameWarning:             rgb(0xff, 0xca, 0x3a),
		theme.ColorNameForegroundOnWarning: rgb(0x17, 0x17, 0x18),
		theme.ColorNameDisabled:            rgb(0x85, 0x85, 0x85),
		theme.ColorNameInputBorder:         rgb(0x76, 0x76, 0x76),
	},
	theme.VariantDark: {
		theme.ColorNamePrimary:             rgb(0x6a, 0xa4, 0xff),
		theme.ColorNameHyperlink:           rgb(0x6a, 0xa4, 0xff),
		theme.ColorNameForegroundOnPrimary: rgb(0x17, 0x17, 0x18),
		theme.ColorNameSuccess:             rgb(0x43, 0xf4, 0x36),
		theme.ColorNameForegroundOnSuccess: rgb(0x17, 0x17, 0x18),
		theme.ColorNameError:               rgb(0xff, 0x6b, 0x5e),
		theme.ColorNameForegroundOnError:   rgb(0x17, 0x17, 0x18),
		theme.ColorNameWarning:             rgb(0x9a, 0x4d, 0x00),
		theme.ColorNameForegroundOnWarning: rgb(0xf3, 0xf3, 0xf3),
		theme.ColorNameDisabled:            rgb(0x7a, 0x7a, 0x7a),
		theme.ColorNameInputBorder:         rgb(0x8e, 0x8e, 0x8e),
	},
}

func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{R: r, G: g, B: b, A: 0xff} }

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
