package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// boardsideTheme is the default theme with square-cornered controls, held
// to one variant when the player chose light or dark (nil follows the
// system), so that choice applies to Boardside alone.
//
// Square corners match the seven-segment digits, and they are cheaper to
// draw where there is no graphics chip: a running timer repaints the whole
// window every second, and under software OpenGL Fyne's rounded fills are
// a large part of that repaint (see the README's Performance table).
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
	case theme.SizeNameInputRadius, theme.SizeNameSelectionRadius:
		return 0
	}
	return t.Theme.Size(n)
}

// themeFor returns the theme for a Prefs.Theme choice.
func themeFor(choice string) fyne.Theme {
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

// applyTheme sets the theme in this process only; it writes no settings file.
func applyTheme(a fyne.App, choice string) { a.Settings().SetTheme(themeFor(choice)) }
