//go:build js

package app

import (
	"strings"
	"syscall/js"
	"unicode"

	"boardside/app/kit"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Typing in a browser: the page (web/app/keys.js) hands the app what any
// keyboard typed into the hidden input Fyne's web driver focuses, as
// window.boardsideType(deleted, text), because the driver itself reads only
// one-byte keys from keydown. What would be offered upstream: the driver
// listening to the input's input and composition events, and taking a
// key of one letter however many bytes it is.

// watchTyping lets the page type into the focused entry, and tells it
// (window.boardsideIsMobile()) whether Fyne takes the device for a phone
// or a tablet: Fyne reads that from the user agent once, as it starts, and
// its widgets then behave as on a phone (tabs, forms, menus, no hover).
// Its web driver focuses the hidden input for an entry on any device.
func (u *UI) watchTyping() {
	js.Global().Set("boardsideIsMobile", js.FuncOf(func(js.Value, []js.Value) any {
		return fyne.CurrentDevice().IsMobile()
	}))
	js.Global().Set("boardsideType", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 {
			return nil
		}
		deleted, text := args[0].Int(), args[1].String()
		// Typed on a goroutine of its own, as the driver types its keys:
		// not on the page's callback, where Fyne may be waiting on the
		// page, and not queued with fyne.Do, which waits for the next
		// frame while the driver's next key (an Enter straight after the
		// last letter) does not.
		go u.typeText(deleted, text)
		return nil
	}))
}

// typeText deletes before the focused entry's cursor, then types text, as
// a keyboard would key by key, so that what the entry refuses or does on
// a key (its validation, OnChanged) happens as for any key. A pasted line
// break is a new line where the entry has lines, a space elsewhere (as
// Fyne's own paste does).
func (u *UI) typeText(deleted int, text string) {
	f := u.Win.Canvas().Focused()
	if f == nil {
		return
	}
	for range deleted {
		f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	for _, r := range text {
		switch {
		case r == '\n' || r == '\r':
			if multiLine(f) {
				f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			} else {
				f.TypedRune(' ')
			}
		case r == '\t' && !multiLine(f):
			f.TypedRune(' ')
		case r == '\t':
			f.TypedRune(r)
		case !unicode.IsControl(r):
			f.TypedRune(r)
		}
	}
}

// multiLine says whether the entry has lines.
func multiLine(f fyne.Focusable) bool {
	switch e := f.(type) {
	case *widget.Entry:
		return e.MultiLine
	case *kit.NumberEntry:
		return e.MultiLine
	}
	return false
}
