package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
)

// What the player is told about whether this device keeps Boardside's
// games. A program's files are its own, and nothing is said. A browser may
// keep nothing (Private Browsing; uristore goes on in memory): one notice,
// once per page, says so and what to do. It may drop the data one day
// unless it promised to keep it (navigator.storage.persisted(), asked for
// with the first save, app/uristore/idbrepo): Settings says whether it
// did, and Played games, beside its export, when it did not. Safari on an
// iPhone or iPad keeps a home-screen app's data: a one-time hint there
// says how to put Boardside on the home screen. The browser's side of it is
// keeping_web.go; keeping_native.go says nothing.

// keeping is what this device promised about Boardside's data.
type keeping int

const (
	keepsNothing keeping = iota + 1 // nothing outlives the page
	promised                        // the browser promised to keep it
	notPromised                     // it may drop it one day
)

// prefHomeScreenHintShown says the hint on adding Boardside to an iPhone's
// or iPad's home screen was shown: it is shown once.
const prefHomeScreenHintShown = "homeScreenHintShown"

// whenKeepingKnown calls show, on the Fyne goroutine, with what this
// device keeps: at once where nothing is kept, else when the browser
// answers; never on a program's own files.
func (u *UI) whenKeepingKnown(show func(keeping)) {
	if u.Saves.NothingKept() != nil {
		show(keepsNothing)
		return
	}
	askKept(func(kept bool) {
		k := notPromised
		if kept {
			k = promised
		}
		u.Do(func() { show(k) })
	})
}

// keepingInSettings is Settings' words on k.
func keepingInSettings(k keeping) string {
	switch k {
	case keepsNothing:
		return lang.L("This browser keeps nothing of Boardside: games and played games are lost when this page closes. Leave Private Browsing to keep them, or export your played games before you close the page.")
	case promised:
		return lang.L("This browser has promised to keep Boardside's games and played games.")
	default:
		return lang.L("This browser has not promised to keep Boardside's games and played games: it may delete them when space runs short, or after a week without a visit (Safari). Export your played games now and then.")
	}
}

// keepingInPlays is Played games' line beside its export on k: none where
// the browser promised.
func keepingInPlays(k keeping) string {
	switch k {
	case keepsNothing:
		return lang.L("This browser keeps nothing: export these played games before you close the page.")
	case notPromised:
		return lang.L("This browser may delete these played games one day: export them now and then.")
	}
	return ""
}

// watchKeeping tells the player, once, when the browser keeps nothing
// (now, or when it first refuses a save), and shows the home-screen hint
// once on an iPhone's or iPad's browser.
func (u *UI) watchKeeping() {
	u.Saves.OnNothingKept(func(reason error) {
		fyne.LogError("Boardside: the browser keeps nothing; the games go on in memory", reason)
		u.Do(func() {
			dialog.ShowInformation(lang.L("Nothing is kept in this browser"), keepingInSettings(keepsNothing), u.Win)
		})
	})
	if u.Saves.NothingKept() == nil && inIOSBrowserTab() && !u.prefs.p.Bool(prefHomeScreenHintShown) {
		u.prefs.p.SetBool(prefHomeScreenHintShown, true)
		dialog.ShowInformation(lang.L("Keep Boardside on the home screen"),
			lang.L("Safari deletes what a page keeps after a week without a visit, unless the page is on the home screen. To keep your games, tap Share, then Add to Home Screen, and open Boardside from there."), u.Win)
	}
}
