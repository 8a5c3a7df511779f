package app

import (
	"errors"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
)

// showError tells the player why something was refused, in their language
// where the message is known (the rule packages' errors are), else as it is.
func (u *UI) showError(err error) {
	dialog.ShowError(errors.New(translateError(err)), u.win)
}

// translateError is an error in the running language, as a sentence: the
// rules' errors are written as Go writes errors, lower-case, to be put
// inside other messages; shown alone, a sentence starts with a capital.
func translateError(err error) string {
	return capitalise(lang.L(err.Error()))
}

// Errors of the screens themselves, in plain words.
var (
	errWrongPIN              = errors.New("that is not the PIN")
	errChooseRoomAndObstacle = errors.New("choose a room and an obstacle")
)
