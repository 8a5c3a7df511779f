//go:build js

package app

import (
	"strconv"
	"strings"
	"syscall/js"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// safe is the page's safe area (safeArea), read from the page, and framed
// the window's content that is laid out inside it.
var (
	safe   = &safeArea{}
	framed *fyne.Container
)

// inWindow is what goes into the window for screen: in a browser the
// window is the page, so the screen is held in a viewport that never makes
// it grow (viewport.go), under the line that shows where the page cannot
// keep the screen on (awake.go), inside the page's safe area (safearea.go).
func (u *UI) inWindow(screen fyne.CanvasObject) fyne.CanvasObject {
	framed = container.New(safe, withAwakeNote(u.awakeNote, newViewport(screen)))
	return framed
}

// watchSafeArea reads the page's safe area from the element #safearea
// (web/app/index.html), whose padding is env(safe-area-inset-*), now and
// whenever it changes (a phone turned on its side moves the notch): the
// padding's change resizes the element's content box, which a
// ResizeObserver sees.
func watchSafeArea() {
	doc := js.Global().Get("document")
	probe := doc.Call("getElementById", "safearea")
	if !probe.Truthy() || !js.Global().Get("ResizeObserver").Truthy() {
		return // a page without it: no insets
	}
	read := func() {
		st := js.Global().Call("getComputedStyle", probe)
		px := func(name string) float32 {
			f, _ := strconv.ParseFloat(strings.TrimSuffix(st.Get(name).String(), "px"), 32)
			return float32(f)
		}
		top, right, bottom, left := px("paddingTop"), px("paddingRight"), px("paddingBottom"), px("paddingLeft")
		fyne.Do(func() {
			if safe.set(top, right, bottom, left) && framed != nil {
				framed.Refresh()
			}
		})
	}
	read()
	js.Global().Get("ResizeObserver").New(js.FuncOf(func(js.Value, []js.Value) any {
		read()
		return nil
	})).Call("observe", probe)
}
