//go:build js

package kit

import "syscall/js"

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
