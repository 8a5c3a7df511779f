package kit

import (
	"errors"

	"fyne.io/fyne/v2/lang"
)

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
