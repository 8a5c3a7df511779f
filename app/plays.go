package app

import (
	"errors"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"boardside/companion"
	"boardside/companion/plays"
)

// The device's log of played games follows its games below the UI, in
// plays.Book, as boardside serve's does: here the app only opens it from
// its storage (plays.FileName at its root), remembers the plays a player
// deleted in its preferences, and says what went wrong in words.

// playState is a game's state that ends in a play.
type playState = plays.Ended

// openPlayBook reads the log of played games from storage. It returns
// what the player must be told: a log set aside, or one not read at all.
func openPlayBook(u *UI) (*plays.Book, []string) {
	log, err := plays.Open(u.Saves.Store(plays.FileName))
	b := plays.NewBook(log, u.prefs, u.onPlaysError)
	b.RecordAtEnd, b.Clock = true, u.Clock // the game's end records it; the panel shows and edits the record
	var aside *plays.SetAsideError
	switch {
	case errors.As(err, &aside):
		return b, []string{lang.L("The played games could not be read, so a new list was begun. The file was kept as {{.Path}}. Reason: {{.Reason}}",
			map[string]any{"Path": aside.Path, "Reason": aside.Cause.Error()})}
	case err != nil:
		return b, []string{lang.L("The played games could not be read. Reason: {{.Reason}}", map[string]any{"Reason": err.Error()})}
	}
	return b, nil
}

// onPlaysError tells the player the log of played games could not be
// saved; it may run on any goroutine.
func (u *UI) onPlaysError(err error) {
	u.Do(func() {
		dialog.ShowError(errors.New(lang.L("The played games could not be saved. Reason: {{.Reason}}", map[string]any{"Reason": lang.L(err.Error())})), u.Win)
	})
}

// keepSession makes s the game in progress of gameID and has the log of
// played games follow it (and no longer the game it replaces).
func (u *UI) keepSession(gameID string, s *companion.Session) {
	u.mu.Lock()
	old := u.sessions[gameID]
	u.sessions[gameID] = s
	u.mu.Unlock()
	if old != nil && old != s {
		u.plays.Unfollow(old)
	}
	u.plays.Follow(s)
}

// dropSession ends the game in progress of gameID (a new game replaces
// it); its play, if it recorded one, stays in the log.
func (u *UI) dropSession(gameID string) {
	u.mu.Lock()
	old := u.sessions[gameID]
	delete(u.sessions, gameID)
	u.mu.Unlock()
	if old != nil {
		u.plays.Unfollow(old)
	}
}
