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
	prefPlayNames    = "playNames."   // + game ID: the names of its last play's record panel, by seat
	prefPlaysDeleted = "playsDeleted" // IDs of plays deleted from the log, the latest last
	prefHostedHere   = "hostedHere"   // game ID this browser hosts over WebRTC, or ""

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

// HostedHere is the game this browser was hosting over WebRTC when the
// page last ran ("" for none): its devices' channels did not outlive the
// page, so the next start says they must join again.
func (p *Prefs) HostedHere() string { return p.p.String(prefHostedHere) }

// SetHostedHere records the game hosted from this browser ("" once it stops).
func (p *Prefs) SetHostedHere(id string) { p.p.SetString(prefHostedHere, id) }

// PlayNames are the names typed on a game's record panel for its last
// play, by seat ("" for a seat left empty): a group that plays again is
// named already.
func (p *Prefs) PlayNames(game string) []string { return p.p.StringList(prefPlayNames + game) }

// SetPlayNames remembers the names typed for a game's play.
func (p *Prefs) SetPlayNames(game string, names []string) {
	p.p.SetStringList(prefPlayNames+game, names)
}

// maxPlaysDeleted is how many deleted plays are remembered: enough for the
// games still in progress, whose records could bring them back.
const maxPlaysDeleted = 50

// PlayDeleted reports whether the player deleted the play with this ID
// from the log of played games: a game that recorded it does not put it
// back at the next start.
func (p *Prefs) PlayDeleted(id string) bool {
	for _, d := range p.p.StringList(prefPlaysDeleted) {
		if d == id {
			return true
		}
	}
	return false
}

// SetPlayDeleted remembers that the player deleted a play.
func (p *Prefs) SetPlayDeleted(id string) {
	ids := p.p.StringList(prefPlaysDeleted)
	for i, d := range ids {
		if d == id {
			ids = append(ids[:i:i], ids[i+1:]...)
			break
		}
	}
	ids = append(ids, id)
	if len(ids) > maxPlaysDeleted {
		ids = ids[len(ids)-maxPlaysDeleted:]
	}
	p.p.SetStringList(prefPlaysDeleted, ids)
}

// ForgetPlayDeleted forgets that a play was deleted: the player recorded
// it again.
func (p *Prefs) ForgetPlayDeleted(id string) {
	if !p.PlayDeleted(id) {
		return
	}
	var ids []string
	for _, d := range p.p.StringList(prefPlaysDeleted) {
		if d != id {
			ids = append(ids, d)
		}
	}
	p.p.SetStringList(prefPlaysDeleted, ids)
}

// oneOf returns v if it is allowed, else the first (default) choice.
func oneOf(v string, allowed ...string) string {
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	return allowed[0]
}
