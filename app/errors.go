package app

import (
	"errors"

	"fyne.io/fyne/v2/dialog"

	"boardside/app/kit"
)

// ShowError tells the player why something was refused, in their language
// where the message is known (the rule packages' errors are), else as it is.
func (u *UI) ShowError(err error) {
	dialog.ShowError(errors.New(kit.TranslateError(err)), u.Win)
}
