package app

import (
	"errors"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
)

// ShowError tells the player why something was refused, in their language
// where the message is known (the rule packages' errors are), else as it is.
func (u *UI) ShowError(err error) {
	dialog.ShowError(errors.New(TranslateError(err)), u.Win)
}

// TranslateError is an error in the running language, as a sentence: the
// rules' errors are written as Go writes errors, lower-case, to be put
// inside other messages; shown alone, a sentence starts with a capital.
func TranslateError(err error) string {
	return Capitalise(lang.L(err.Error()))
}

// Errors of the screens themselves, in plain words.
var (
	ErrWrongPIN              = errors.New("that is not the PIN")
	ErrChooseRoomAndObstacle = errors.New("choose a room and an obstacle")
)
