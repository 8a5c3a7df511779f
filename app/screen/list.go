// Package screen lists what a Fyne window shows and where: its buttons,
// texts and inputs. In a browser Fyne draws everything to one canvas, so
// this list is what a test there taps and reads, and what the layout check
// measures.
package screen

import (
	"fmt"
	"reflect"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
)

// Item is one thing the window shows and where, in the window's units
// from its top left corner.
type Item struct {
	Kind string  `json:"kind"` // button, label, entry, check, select, radio, link, text, digits, scroll, other
	Text string  `json:"text"`
	X    float32 `json:"x"`
	Y    float32 `json:"y"`
	W    float32 `json:"w"`
	H    float32 `json:"h"`
	// Value is a tab bar's selected tab.
	Value    string `json:"value,omitempty"`
	Disabled bool   `json:"disabled,omitempty"`
	// InView is false when a scroll container holds it out of sight.
	InView bool `json:"inView"`
	// Scrolled is true inside a scroll container: it may lie beyond the
	// window's edge and be scrolled to.
	Scrolled bool `json:"scrolled,omitempty"`
	// Scroll numbers the innermost scroll container that holds it (from
	// 1, in the order listed; 0: none), so that what one scroll clips is
	// not taken to cover what another shows.
	Scroll int `json:"scroll,omitempty"`
	// MinW and MinH are the least it needs: a text given less is cut.
	MinW float32 `json:"minW"`
	MinH float32 `json:"minH"`
	// Dialog is true for what a dialog or pop-up over the screen shows.
	Dialog bool `json:"dialog,omitempty"`
}

// Described is a widget of the app's own that says what it is: its kind
// ("slide", "digits") and its text.
type Described interface {
	ScreenItem() (kind, text string)
}

// viewport is what holds a whole screen in a window that must not grow
// (app's viewport in a browser): what it holds is listed as if it were not
// there, so that a screen larger than the window lies outside it.
type viewport interface {
	ViewportContent() fyne.CanvasObject
}

// entry is a widget of the app's own that is an entry (a number entry).
type entry interface {
	EntryText() string
	Disabled() bool
}

// List lists what a canvas shows: the screen's buttons, texts and inputs
// (visible ones only; anything inside a hidden container is left out),
// then those of any dialog over it; abs is the driver's
// AbsolutePositionForObject. Fyne goroutine only.
func List(c fyne.Canvas, abs func(fyne.CanvasObject) fyne.Position) []Item {
	whole := rect{0, 0, c.Size().Width, c.Size().Height}
	w := lister{abs: abs}
	if c.Content() != nil {
		w.walk(c.Content(), whole)
	}
	for _, o := range c.Overlays().List() {
		w.dialog = true
		w.walk(overlaid(o), whole)
	}
	return w.out
}

// overlaid is what an overlay shows. Since Fyne 2.8 a pop-up (and so a
// dialog) is not itself the overlay: Fyne wraps it in an overlay container
// of an internal package, whose exported Content field holds it.
func overlaid(o fyne.CanvasObject) fyne.CanvasObject {
	v := reflect.ValueOf(o)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return o
	}
	f := v.Elem().FieldByName("Content")
	if !f.IsValid() || !f.CanInterface() {
		return o
	}
	if c, ok := f.Interface().(fyne.CanvasObject); ok && c != nil {
		return c
	}
	return o
}

// rect is an area of the window: where a scroll container lets things show.
type rect struct{ x, y, w, h float32 }

func (r rect) intersect(o rect) rect {
	x, y := max(r.x, o.x), max(r.y, o.y)
	return rect{x, y, max(0, min(r.x+r.w, o.x+o.w)-x), max(0, min(r.y+r.h, o.y+o.h)-y)}
}

// contains says whether o lies inside r, allowing half a unit for rounding.
func (r rect) contains(o rect) bool {
	return o.x >= r.x-0.5 && o.y >= r.y-0.5 && o.x+o.w <= r.x+r.w+0.5 && o.y+o.h <= r.y+r.h+0.5
}

type lister struct {
	abs      func(fyne.CanvasObject) fyne.Position
	dialog   bool
	scrolled bool
	scroll   int // the innermost scroll's number
	scrolls  int // how many scrolls were listed
	out      []Item
}

func (l *lister) add(o fyne.CanvasObject, kind, text string, disabled bool, view rect) {
	p, s, m := l.abs(o), o.Size(), o.MinSize()
	r := rect{p.X, p.Y, s.Width, s.Height}
	l.out = append(l.out, Item{Kind: kind, Text: text, X: p.X, Y: p.Y, W: s.Width, H: s.Height, MinW: m.Width, MinH: m.Height,
		Disabled: disabled, InView: s.Width > 0 && s.Height > 0 && view.contains(r), Scrolled: l.scrolled, Scroll: l.scroll, Dialog: l.dialog})
}

// walk lists o and what it holds. Fyne has no public way into a widget's
// parts, so the widgets Boardside uses are named here, in three families:
// the app's own, those that hold others, and those that show something
// themselves; any other is listed by its type.
func (l *lister) walk(o fyne.CanvasObject, view rect) {
	if o == nil || !o.Visible() {
		return
	}
	if l.walkOwn(o, view) || l.walkHolder(o, view) {
		return
	}
	l.addShown(o, view)
}

// walkOwn lists a widget of the app's own, which says what it is, and says
// whether o was one.
func (l *lister) walkOwn(o fyne.CanvasObject, view rect) bool {
	switch w := o.(type) {
	case Described:
		kind, text := w.ScreenItem()
		l.add(o, kind, text, false, view)
	case viewport:
		l.walk(w.ViewportContent(), view)
	case entry:
		l.add(o, "entry", w.EntryText(), w.Disabled(), view)
	default:
		return false
	}
	return true
}

// walkHolder lists what a container, or a widget that holds others, shows,
// and says whether o was one.
func (l *lister) walkHolder(o fyne.CanvasObject, view rect) bool {
	switch o := o.(type) {
	case *fyne.Container:
		for _, c := range o.Objects {
			l.walk(c, view)
		}
	case *container.Scroll:
		l.walkScroll(o, view)
	case *widget.PopUp:
		l.walk(o.Content, view)
	case *widget.Form:
		for _, it := range o.Items {
			l.walk(it.Widget, view)
		}
	case *widget.Accordion:
		l.walkAccordion(o, view)
	case *container.AppTabs:
		l.walkTabs(o, view)
	default:
		return false
	}
	return true
}

// addShown lists a widget or text that holds nothing else. Shapes, images,
// icons and spacers say nothing and are left out.
func (l *lister) addShown(o fyne.CanvasObject, view rect) {
	switch o := o.(type) {
	case *widget.Button:
		l.add(o, "button", o.Text, o.Disabled(), view)
	case *widget.Label:
		l.add(o, "label", o.Text, false, view)
	case *widget.RichText:
		l.add(o, "label", o.String(), false, view)
	case *widget.Hyperlink:
		l.add(o, "link", o.Text, false, view)
	case *widget.Entry:
		l.add(o, "entry", o.Text, o.Disabled(), view)
	case *widget.Check:
		l.add(o, "check", checkText(o.Text, o.Checked), o.Disabled(), view)
	case *widget.Select:
		l.add(o, "select", o.Selected, o.Disabled(), view)
	case *widget.RadioGroup:
		l.add(o, "radio", o.Selected, o.Disabled(), view)
	case *widget.Slider:
		l.add(o, "slider", fmt.Sprint(o.Value), o.Disabled(), view)
	case *canvas.Text:
		l.add(o, "text", o.Text, false, view)
	case *layout.Spacer, *widget.Separator, *widget.Icon, *canvas.Rectangle, *canvas.Image, *canvas.Raster, *canvas.Circle, *canvas.Line:
	default:
		l.add(o, "other", strings.TrimPrefix(fmt.Sprintf("%T", o), "*"), false, view)
	}
}

// walkScroll lists a scroll container, then what it holds as seen through
// it: numbered as this scroll's, and in view only where the scroll shows.
func (l *lister) walkScroll(o *container.Scroll, view rect) {
	p, s := l.abs(o), o.Size()
	// The scroll itself, so that a finger in a browser test knows where
	// to drag to bring what it holds into view.
	l.out = append(l.out, Item{Kind: "scroll", X: p.X, Y: p.Y, W: s.Width, H: s.Height, InView: true, Scrolled: l.scrolled, Scroll: l.scroll, Dialog: l.dialog})
	was, wasScroll := l.scrolled, l.scroll
	l.scrolls++
	l.scrolled, l.scroll = true, l.scrolls
	l.walk(o.Content, view.intersect(rect{p.X, p.Y, s.Width, s.Height}))
	l.scrolled, l.scroll = was, wasScroll
}

// walkAccordion lists an accordion with its items' titles, then what its
// open items show.
func (l *lister) walkAccordion(o *widget.Accordion, view rect) {
	var titles []string
	for _, it := range o.Items {
		titles = append(titles, it.Title)
	}
	l.add(o, "accordion", strings.Join(titles, "|"), false, view)
	for _, it := range o.Items {
		if it.Open {
			l.walk(it.Detail, view)
		}
	}
}

// walkTabs lists what the selected tab shows, then the tab bar. Fyne's tab
// buttons are its own: listed is the bar, with the tabs' names and the
// selected one's as its value.
func (l *lister) walkTabs(o *container.AppTabs, view rect) {
	var names []string
	for _, it := range o.Items {
		names = append(names, it.Text)
	}
	p := l.abs(o)
	bar := Item{Kind: "tabs", Text: strings.Join(names, "|"), X: p.X, Y: p.Y, W: o.Size().Width, Scrolled: l.scrolled, Scroll: l.scroll, Dialog: l.dialog}
	if it := o.Selected(); it != nil {
		bar.Value = it.Text
		bar.Y, bar.H = l.tabBarSpan(o, p, it)
		l.walk(it.Content, view)
	}
	bar.InView = bar.H > 0 && view.contains(rect{bar.X, bar.Y, bar.W, bar.H})
	l.out = append(l.out, bar)
}

// tabBarSpan is where the bar of tabs o, at p, lies: its top and height.
// It is above the selected tab's content, or below it (Fyne's place on a
// phone).
func (l *lister) tabBarSpan(o *container.AppTabs, p fyne.Position, selected *container.TabItem) (y, h float32) {
	content := l.abs(selected.Content).Y
	h = content - p.Y
	if h <= 0 { // below the content
		y = content + selected.Content.Size().Height
		return y, p.Y + o.Size().Height - y
	}
	return p.Y, h
}

func checkText(text string, on bool) string {
	if on {
		return "☑ " + text
	}
	return "☐ " + text
}
