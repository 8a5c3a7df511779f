package app

import "fyne.io/fyne/v2"

// Preference keys and their values. Stored in the app's own preferences,
// never in Fyne's global settings file, which every Fyne app shares.
const (
	prefLanguage     = "language"     // "system", "en", "de"
	prefTheme        = "theme"        // "system", "light", "dark"
	prefSound        = "sound"        // bool
	prefKeepScreenOn = "keepScreenOn" // bool
	prefOpenGame     = "openGame"     // game ID whose screen was showing, or ""
	prefJoinedTable  = "joinedTable"  // link of the table this copy joined and has not left, or ""

	choiceSystem = "system"
)

// Prefs reads and writes Boardside's settings, with a fallback for each.
type Prefs struct{ p fyne.Preferences }

// NewPrefs wraps the app's preferences.
func NewPrefs(p fyne.Preferences) *Prefs { return &Prefs{p: p} }

// Language is "system", "en" or "de".
func (p *Prefs) Language() string {
	return oneOf(p.p.StringWithFallback(prefLanguage, choiceSystem), choiceSystem, "en", "de")
}

// SetLanguage stores the language for the next start.
func (p *Prefs) SetLanguage(v string) { p.p.SetString(prefLanguage, v) }

// Theme is "system", "light" or "dark".
func (p *Prefs) Theme() string {
	return oneOf(p.p.StringWithFallback(prefTheme, choiceSystem), choiceSystem, "light", "dark")
}

// SetTheme stores the theme choice.
func (p *Prefs) SetTheme(v string) { p.p.SetString(prefTheme, v) }

// Sound reports whether alerts make a sound.
func (p *Prefs) Sound() bool { return p.p.BoolWithFallback(prefSound, true) }

// SetSound turns alert sounds on or off.
func (p *Prefs) SetSound(v bool) { p.p.SetBool(prefSound, v) }

// KeepScreenOn reports whether the screen stays on while a timer runs.
func (p *Prefs) KeepScreenOn() bool { return p.p.BoolWithFallback(prefKeepScreenOn, true) }

// SetKeepScreenOn stores the screen-blanking choice.
func (p *Prefs) SetKeepScreenOn(v bool) { p.p.SetBool(prefKeepScreenOn, v) }

// OpenGame is the game whose screen was showing when the app last closed.
func (p *Prefs) OpenGame() string { return p.p.String(prefOpenGame) }

// SetOpenGame records which game screen is showing ("" for none).
func (p *Prefs) SetOpenGame(id string) { p.p.SetString(prefOpenGame, id) }

// JoinedTable is the link of the table this copy joined and has not left:
// it is joined again when the app starts (in a browser, after a reload).
func (p *Prefs) JoinedTable() string { return p.p.String(prefJoinedTable) }

// SetJoinedTable records the table joined ("" once the player leaves it).
func (p *Prefs) SetJoinedTable(link string) { p.p.SetString(prefJoinedTable, link) }

// oneOf returns v if it is allowed, else the first (default) choice.
func oneOf(v string, allowed ...string) string {
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	return allowed[0]
}
