package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// variantTheme is the default theme held to one variant, so a player's
// light/dark choice applies to Boardside alone.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// themeFor returns the theme for a Prefs.Theme choice.
func themeFor(choice string) fyne.Theme {
	switch choice {
	case "light":
		return variantTheme{Theme: theme.DefaultTheme(), variant: theme.VariantLight}
	case "dark":
		return variantTheme{Theme: theme.DefaultTheme(), variant: theme.VariantDark}
	default:
		return theme.DefaultTheme()
	}
}

// applyTheme sets the theme in this process only; it writes no settings file.
func applyTheme(a fyne.App, choice string) { a.Settings().SetTheme(themeFor(choice)) }
