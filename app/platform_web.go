//go:build js

package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/url"
	"reflect"
	"runtime"
	"strings"
	"syscall/js"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Boardside in a browser: see platform_native.go for the program.

// canHost is false: a page cannot listen for other devices. It joins.
const canHost = false

// startSize is none: the window is the page, whatever size it is given.
// Sizing it for a desktop first made Fyne lay the first screen out twice,
// once 900 wide: about 100 ms of a first visit at 4× CPU
// (bench/webappprof -rate 4).
var startSize fyne.Size

// linksOpenHere is true: a browser opens a BG Stats link itself, in a new
// tab, and on a phone with BG Stats the app takes it from there.
const linksOpenHere = true

// holdScreen asks the page to keep the screen on while a timer runs, or
// lets it go (web/app/awake.js): the Screen Wake Lock where the page is
// secure, else a muted looping video; what it managed comes back through
// watchAwake. Fyne's web driver does nothing (its
// SetDisableScreenBlanking is empty).
func (u *UI) holdScreen(on bool) {
	if a := js.Global().Get("boardsideAwake"); a.Truthy() {
		a.Call("set", on)
	}
}

// watchAwake hears from the page how it keeps the screen on.
func (u *UI) watchAwake() {
	a := js.Global().Get("boardsideAwake")
	if !a.Truthy() {
		return
	}
	a.Set("onchange", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 {
			return nil
		}
		how := args[0].String()
		u.Do(func() { u.screenKeptOn(how) })
		return nil
	}))
}

// SaveFile hands the file to the browser as a download: Fyne's file
// dialogs do nothing in a browser.
func (u *UI) SaveFile(name string, write func(io.Writer) error, refuse func(error)) {
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

// startLink is the table link in the page's ?join=, which a host's quick
// viewer and Share screen put there: the join screen opens with it.
func startLink() string {
	q, err := url.ParseQuery(strings.TrimPrefix(js.Global().Get("location").Get("search").String(), "?"))
	if err != nil {
		return ""
	}
	link, err := url.Parse(q.Get("join"))
	if err != nil || (link.Scheme != "http" && link.Scheme != "https") || link.Query().Get("t") == "" {
		return ""
	}
	return link.String()
}

// forgetStartLink takes ?join= out of the page's address, so a reload
// opens the player's own games, not the join screen again.
func forgetStartLink() {
	loc := js.Global().Get("location")
	if !strings.Contains(loc.Get("search").String(), "join=") {
		return
	}
	h := js.Global().Get("history")
	h.Call("replaceState", h.Get("state"), "", loc.Get("pathname").String()+loc.Get("hash").String())
}

// watchPlatform follows the page: its safe area (viewport_web.go) and how
// it keeps the screen on (watchAwake); its Back button (the page sends
// "boardside:back", web/app/boot.js) goes back a screen, and only on the
// home screen does the page say a second Back leaves; a table this copy
// joined and has not left is joined again (the page was reloaded or opened
// anew); and window.boardsideScreen() answers, as a promise of JSON, what
// the window shows and where: Fyne draws to one canvas, so this is what
// browser tests tap and read.
func (u *UI) watchPlatform() {
	watchSafeArea()
	u.watchAwake()
	win := js.Global()
	win.Call("addEventListener", "boardside:back", js.FuncOf(func(_ js.Value, args []js.Value) any {
		// Asked on the page's event loop, which must answer at once: the
		// screen is known from outside Fyne's goroutine only as "home or
		// not". A dialog over the home screen stays open, and the page
		// says a second Back leaves.
		if u.awayFromHome.Load() {
			args[0].Call("preventDefault") // the page then says nothing about leaving
			u.Do(u.goBack)
		}
		return nil
	}))
	// Every goroutine's stack, asked from the page's event loop: what an
	// app that stopped answering waits for (internal/soak reports it).
	win.Set("boardsideStacks", js.FuncOf(func(js.Value, []js.Value) any {
		buf := make([]byte, 1<<20)
		return string(buf[:runtime.Stack(buf, true)])
	}))
	// Go's own count of its memory after a collection, asked from the
	// page's event loop: bench/soakbench reads the live heap beside the
	// wasm's memory, which never shrinks, to tell a heap that grows from
	// one that once did.
	win.Set("boardsideMemory", js.FuncOf(func(js.Value, []js.Value) any {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return map[string]any{"heapAlloc": m.HeapAlloc, "heapSys": m.HeapSys, "sys": m.Sys, "numGC": m.NumGC, "goroutines": runtime.NumGoroutine()}
	}))
	win.Set("boardsideScreen", js.FuncOf(func(js.Value, []js.Value) any {
		var executor js.Func
		executor = js.FuncOf(func(_ js.Value, args []js.Value) any {
			executor.Release()
			resolve := args[0]
			// Not on this callback: it holds the page's event loop,
			// which Fyne's goroutine may be waiting for.
			go func() {
				var b []byte
				fyne.DoAndWait(func() {
					size := u.Win.Canvas().Size()
					b, _ = json.Marshal(map[string]any{"width": size.Width, "height": size.Height, "items": u.ScreenList()})
				})
				resolve.Invoke(string(b))
			}()
			return nil
		})
		return js.Global().Get("Promise").New(executor)
	}))
}

// goBack does what a phone's Back does in an app: it closes the dialog or
// menu open over the screen, or else goes back as the screen's own Back
// button does (Home on a game's bar): from History to the game, from a game
// or the join screen to the home screen, from a joined table to the home
// screen, leaving it.
func (u *UI) goBack() {
	c := u.Win.Canvas()
	if top := c.Overlays().Top(); top != nil {
		// Since Fyne 2.8 the overlay is a container around the pop-up
		// (see app/screen): hiding the pop-up takes both away. A dialog's
		// callback does not run: it is closed as if never answered.
		if p, ok := overlaid(top).(*widget.PopUp); ok {
			p.Hide()
		} else {
			c.Overlays().Remove(top)
		}
		return
	}
	if b := screenBack(u.Current, u.app.Driver().AbsolutePositionForObject); b != nil && b.OnTapped != nil {
		b.OnTapped()
		return
	}
	u.back()
}

// overlaid is the pop-up inside an overlay's container, or the overlay.
func overlaid(o fyne.CanvasObject) fyne.CanvasObject {
	v := reflect.ValueOf(o)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return o
	}
	if f := v.Elem().FieldByName("Content"); f.IsValid() && f.CanInterface() {
		if c, ok := f.Interface().(fyne.CanvasObject); ok && c != nil {
			return c
		}
	}
	return o
}

// screenBack is the way back a screen offers at its top: the enabled Back
// button of its bar (BackBar) or the Home button of a game's bar, the one
// nearest the top left (abs is the driver's AbsolutePositionForObject);
// nil where there is none.
func screenBack(screen fyne.CanvasObject, abs func(fyne.CanvasObject) fyne.Position) *widget.Button {
	back, home := theme.NavigateBackIcon().Name(), theme.HomeIcon().Name()
	var found *widget.Button
	var at fyne.Position
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch o := o.(type) {
		case *fyne.Container:
			for _, c := range o.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(o.Content)
		case interface{ ViewportContent() fyne.CanvasObject }: // the app's viewport in a browser
			walk(o.ViewportContent())
		case *widget.Button:
			if o.Icon == nil || o.Disabled() || (o.Icon.Name() != back && o.Icon.Name() != home) {
				return
			}
			p := abs(o)
			if p.X < 0 || p.Y < 0 { // put out of the window (a narrow game bar's folded buttons)
				return
			}
			if found == nil || p.Y < at.Y || (p.Y == at.Y && p.X < at.X) {
				found, at = o, p
			}
		}
	}
	walk(screen)
	return found
}
