//go:build js

package app

import (
	"bytes"
	"errors"
	"io"
	"syscall/js"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// Boardside in a browser: see platform_native.go for the program.

// canHost is false: a page cannot listen for other devices. It joins.
const canHost = false

// screen holds the Screen Wake Lock while a timer runs. Fyne's web driver
// does not (its SetDisableScreenBlanking is empty). The lock exists only
// on secure pages (HTTPS, localhost) and is dropped by the browser when
// the page is hidden, so it is asked for again when the page comes back.
var screen struct {
	want     bool
	lock     js.Value
	watching bool
}

func (u *UI) holdScreen(on bool) {
	screen.want = on
	nav := js.Global().Get("navigator")
	if !js.Global().Get("isSecureContext").Truthy() || !nav.Get("wakeLock").Truthy() {
		return // the page cannot: the players keep the screen on themselves
	}
	if !screen.watching {
		screen.watching = true
		js.Global().Get("document").Call("addEventListener", "visibilitychange", js.FuncOf(func(js.Value, []js.Value) any {
			if js.Global().Get("document").Get("visibilityState").String() == "visible" && screen.want {
				requestLock(nav)
			}
			return nil
		}))
	}
	if on {
		requestLock(nav)
		return
	}
	if screen.lock.Truthy() {
		screen.lock.Call("release")
		screen.lock = js.Undefined()
	}
}

func requestLock(nav js.Value) {
	if screen.lock.Truthy() && !screen.lock.Get("released").Truthy() {
		return
	}
	var got, failed js.Func
	got = js.FuncOf(func(_ js.Value, args []js.Value) any {
		screen.lock = args[0]
		if !screen.want {
			screen.lock.Call("release")
		}
		got.Release()
		failed.Release()
		return nil
	})
	failed = js.FuncOf(func(js.Value, []js.Value) any { // refused: nothing more to do
		got.Release()
		failed.Release()
		return nil
	})
	nav.Get("wakeLock").Call("request", "screen").Call("then", got).Call("catch", failed)
}

// saveFile hands the file to the browser as a download: Fyne's file
// dialogs do nothing in a browser.
func (u *UI) saveFile(name string, write func(io.Writer) error, refuse func(error)) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		refuse(err)
		return
	}
	arr := js.Global().Get("Uint8Array").New(buf.Len())
	js.CopyBytesToJS(arr, buf.Bytes())
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": "application/octet-stream"})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 60000)
}

// openFile asks the browser for a file through a file input and hands
// its bytes to use on Fyne's goroutine.
func (u *UI) openFile(use func(name string, b []byte, err error)) {
	doc := js.Global().Get("document")
	input := doc.Call("createElement", "input")
	input.Set("type", "file")
	input.Set("accept", ".json,application/json")
	var changed js.Func
	changed = js.FuncOf(func(js.Value, []js.Value) any {
		changed.Release()
		files := input.Get("files")
		if files.Get("length").Int() == 0 {
			return nil
		}
		f := files.Index(0)
		name := f.Get("name").String()
		if f.Get("size").Int() > maxImport {
			fyne.Do(func() { use(name, nil, errors.New(lang.L("the file is larger than 1 MiB"))) })
			return nil
		}
		var read, failed js.Func
		read = js.FuncOf(func(_ js.Value, args []js.Value) any {
			arr := js.Global().Get("Uint8Array").New(args[0])
			b := make([]byte, arr.Get("length").Int())
			js.CopyBytesToGo(b, arr)
			fyne.Do(func() { use(name, b, nil) })
			read.Release()
			failed.Release()
			return nil
		})
		failed = js.FuncOf(func(_ js.Value, args []js.Value) any {
			msg := "unreadable"
			if len(args) > 0 && args[0].Truthy() {
				msg = args[0].Call("toString").String()
			}
			fyne.Do(func() { use(name, nil, errors.New(msg)) })
			read.Release()
			failed.Release()
			return nil
		})
		f.Call("arrayBuffer").Call("then", read).Call("catch", failed)
		return nil
	})
	input.Call("addEventListener", "change", changed)
	input.Call("click")
}
