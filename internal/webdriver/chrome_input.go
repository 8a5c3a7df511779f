package webdriver

import (
	"context"
	"time"

	"github.com/chromedp/cdproto/input"
)

// Chrome's input: fingers, a mouse, a keyboard's keys and an input
// method, each event as the device sends it.

// Tap is a finger's touch at (x, y), lifted at once.
func (c *Chrome) Tap(ctx context.Context, x, y float64) error {
	return c.Touch(ctx, TouchEvent{Kind: TouchStart, X: x, Y: y}, TouchEvent{Kind: TouchEnd})
}

// TouchKind is what a finger does.
type TouchKind string

// What a finger does: touches the screen, moves on it, is lifted.
const (
	TouchStart TouchKind = TouchKind(input.DispatchTouchEventTypeTouchStart) // a finger touches the screen
	TouchMove  TouchKind = TouchKind(input.DispatchTouchEventTypeTouchMove)  // it moves on it
	TouchEnd   TouchKind = TouchKind(input.DispatchTouchEventTypeTouchEnd)   // it is lifted
)

// TouchEvent is one finger's event at (x, y), CSS pixels (a lifted
// finger's place is not said). At, when set, is the time the event says
// it happened: the page sees a finger's speed from it.
type TouchEvent struct {
	Kind TouchKind
	X, Y float64
	At   time.Time
}

// Touch sends a finger's events, in order.
func (c *Chrome) Touch(ctx context.Context, events ...TouchEvent) error {
	for _, e := range events {
		p := input.DispatchTouchEventParams{Type: input.DispatchTouchEventType(e.Kind), TouchPoints: []*input.TouchPoint{{X: e.X, Y: e.Y}}}
		if e.Kind == TouchEnd {
			p.TouchPoints = []*input.TouchPoint{}
		}
		if !e.At.IsZero() {
			p.Timestamp = input.TimeSinceEpoch(float64(e.At.UnixNano()) / 1e9)
		}
		if err := call(ctx, c, input.DispatchTouchEvent, p); err != nil {
			return err
		}
	}
	return nil
}

// Hover moves the mouse to (x, y).
func (c *Chrome) Hover(ctx context.Context, x, y float64) error {
	return call(ctx, c, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y})
}

// Click moves the mouse to (x, y) and clicks its left button there once.
func (c *Chrome) Click(ctx context.Context, x, y float64) error {
	for _, ev := range []input.DispatchMouseEventParams{
		{Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y},
		{Type: input.DispatchMouseEventTypeMousePressed, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: 1},
		{Type: input.DispatchMouseEventTypeMouseReleased, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: 1},
	} {
		if err := call(ctx, c, input.DispatchMouseEvent, ev); err != nil {
			return err
		}
	}
	return nil
}

// Scroll turns the mouse wheel over (x, y) by dy CSS pixels, down where
// dy is positive.
func (c *Chrome) Scroll(ctx context.Context, x, y, dy float64) error {
	// Chrome wants both deltas said, and cdproto leaves a zero out: a
	// sideways hundredth of a pixel is no scroll at all.
	return call(ctx, c, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseWheel, X: x, Y: y, DeltaX: 0.01, DeltaY: dy})
}

// KeyKind is a key event's kind, as Chromium has them.
type KeyKind string

// A key's events: down with its text (KeyDown) or without (RawKeyDown,
// as a hardware keyboard's, its character then a KeyChar), and up.
const (
	KeyDown    KeyKind = KeyKind(input.DispatchKeyEventTypeKeyDown)    // down, with the text it types
	RawKeyDown KeyKind = KeyKind(input.DispatchKeyEventTypeRawKeyDown) // down, its text to come as a KeyChar
	KeyChar    KeyKind = KeyKind(input.DispatchKeyEventTypeChar)       // the character a key typed
	KeyUp      KeyKind = KeyKind(input.DispatchKeyEventTypeKeyUp)      // up
)

// Modifier keys held, as KeyEvent's Modifiers (or'ed).
const (
	ModAlt   int64 = 1 // Alt (Option)
	ModCtrl  int64 = 2 // Ctrl
	ModMeta  int64 = 4 // Cmd on an Apple keyboard
	ModShift int64 = 8 // Shift
)

// KeyEvent is one key event as a keyboard sends it.
type KeyEvent struct {
	Kind           KeyKind
	Key, Code      string // KeyboardEvent's key and code
	KeyCode        int64  // KeyboardEvent's keyCode (Windows' virtual key code); a phone's keyboard says 229
	NativeKeyCode  int64
	Text           string // what the key types
	UnmodifiedText string
	Modifiers      int64    // ModCtrl and the others, or'ed
	Commands       []string // the editing commands it runs (deleteBackward, paste)
}

// Key sends one key event.
func (c *Chrome) Key(ctx context.Context, k KeyEvent) error {
	return call(ctx, c, input.DispatchKeyEvent, input.DispatchKeyEventParams{
		Type: input.DispatchKeyEventType(k.Kind), Key: k.Key, Code: k.Code, WindowsVirtualKeyCode: k.KeyCode,
		NativeVirtualKeyCode: k.NativeKeyCode, Text: k.Text, UnmodifiedText: k.UnmodifiedText, Modifiers: k.Modifiers,
		Commands: k.Commands})
}

// Type presses and releases a key for each character of text, with its
// text, into what has the focus; "\n" is the Enter key.
func (c *Chrome) Type(ctx context.Context, text string) error {
	for _, r := range text {
		down := KeyEvent{Kind: KeyDown, Key: string(r), Text: string(r)}
		if r == '\n' {
			down = KeyEvent{Kind: KeyDown, Key: "Enter", Code: "Enter", KeyCode: 13, Text: "\r"}
		}
		if err := c.Key(ctx, down); err != nil {
			return err
		}
		up := down
		up.Kind, up.Text = KeyUp, ""
		if err := c.Key(ctx, up); err != nil {
			return err
		}
	}
	return nil
}

// InsertText puts text where the focus is, as a phone's keyboard or an
// input method commits it: no key events.
func (c *Chrome) InsertText(ctx context.Context, text string) error {
	return call(ctx, c, input.InsertText, input.InsertTextParams{Text: text})
}

// Compose shows text as the word an input method is composing (a phone's
// underlined word), the selection from one character to another.
func (c *Chrome) Compose(ctx context.Context, text string, from, to int64) error {
	return call(ctx, c, input.ImeSetComposition, input.ImeSetCompositionParams{Text: text, SelectionStart: from, SelectionEnd: to})
}
