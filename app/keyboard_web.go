//go:build js

package app

import (
	"syscall/js"
	"unicode"

	"fyne.io/fyne/v2"
)

// Typing in a browser: the page (web/app/keys.js) hands the app what any
// keyboard typed into the hidden input Fyne's web driver focuses, as
// window.boardsideType(deleted, text), because the driver itself reads only
// one-byte keys from keydown. What would be offered upstream: the driver
// listening to the input's input and composition events, and taking a
// key of one letter however many bytes it is.

// watchTyping lets the page type into the focused entry.
func (u *UI) watchTyping() {
	js.Global().Set("boardsideType", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 {
			return nil
		}
		deleted, text := args[0].Int(), args[1].String()
		// Not on the page's callback: Fyne's goroutine may be waiting on
		// the page. In order, as the driver's own keys go.
		go fyne.Do(func() { u.typeText(deleted, text) })
		return nil
	}))
}

// typeText deletes before the focused entry's cursor, then types text, as
// a keyboard would key by key, so that what the entry refuses or does on
// a key (its validation, OnChanged) happens as for any key.
func (u *UI) typeText(deleted int, text string) {
	f := u.Win.Canvas().Focused()
	if f == nil {
		return
	}
	for range deleted {
		f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	}
	for _, r := range text {
		if unicode.IsPrint(r) {
			f.TypedRune(r)
		}
	}
}

// keypad tells the phone which keyboard to show for the entry that gains
// focus next: "numeric" for a number pad, "" for letters. Fyne focuses
// the page's hidden input after the entry's FocusGained, so the mode is
// set before the keyboard opens.
func keypad(mode string) {
	in := js.Global().Get("document").Call("getElementById", "dummyEntry")
	if in.IsNull() || in.IsUndefined() {
		return
	}
	if mode == "" {
		in.Call("removeAttribute", "inputmode")
		return
	}
	in.Call("setAttribute", "inputmode", mode)
}
