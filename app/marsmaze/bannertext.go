package marsmaze

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// bannerText is bold white text for the green talk banner, centred, whose
// words wrap onto more lines where the width is short: a canvas text keeps
// to one line, and "Talk now, until someone acts" on one line made a
// phone's browser window half as wide again as the phone. A label cannot
// be white on green in both themes, so the banner draws its own lines.
type bannerText struct {
	widget.BaseWidget
	Text  string
	size  float32
	width float32 // of the last layout: the lines its height is for
}

func newBannerText(text string, size float32) *bannerText {
	b := &bannerText{Text: text, size: size}
	b.ExtendBaseWidget(b)
	return b
}

// SetText shows text; the same text again changes nothing on screen.
func (b *bannerText) SetText(text string) {
	if text == b.Text {
		return
	}
	b.Text = text
	b.Refresh()
}

// ScreenItem lists the banner as the text it is, so the layout checks
// measure it as they measure labels.
func (b *bannerText) ScreenItem() (kind, text string) { return "label", b.Text }

var bannerStyle = fyne.TextStyle{Bold: true}

// lines breaks the text into lines no wider than width, between words; a
// word wider than width has a line of its own.
func (b *bannerText) lines(width float32) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(b.Text) {
		next := word
		if line != "" {
			next = line + " " + word
		}
		if line != "" && fyne.MeasureText(next, b.size, bannerStyle).Width > width {
			out = append(out, line)
			next = word
		}
		line = next
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

func (b *bannerText) lineHeight() float32 { return fyne.MeasureText("Mg", b.size, bannerStyle).Height }

// MinSize is as wide as the widest word and as high as the lines the text
// took at the width it was last laid out at (one line before that): a
// layout done twice, as the screens do, gives it the room it then needs.
func (b *bannerText) MinSize() fyne.Size {
	var w float32
	for _, word := range strings.Fields(b.Text) {
		w = max(w, fyne.MeasureText(word, b.size, bannerStyle).Width)
	}
	n := 1
	if b.width > 0 {
		n = max(1, len(b.lines(b.width)))
	}
	return fyne.NewSize(w, float32(n)*b.lineHeight())
}

func (b *bannerText) CreateRenderer() fyne.WidgetRenderer { return &bannerRenderer{b: b} }

type bannerRenderer struct {
	b     *bannerText
	texts []*canvas.Text
	objs  []fyne.CanvasObject
}

func (r *bannerRenderer) Layout(size fyne.Size) {
	r.b.width = size.Width
	lines := r.b.lines(size.Width)
	for len(r.texts) < len(lines) {
		t := canvas.NewText("", color.White)
		t.TextStyle = bannerStyle
		t.Alignment = fyne.TextAlignCenter
		r.texts = append(r.texts, t)
	}
	r.objs = r.objs[:0]
	lh := r.b.lineHeight()
	y := (size.Height - float32(len(lines))*lh) / 2
	for i, line := range lines {
		t := r.texts[i]
		t.Text, t.TextSize = line, r.b.size
		t.Move(fyne.NewPos(0, y+float32(i)*lh))
		t.Resize(fyne.NewSize(size.Width, lh))
		t.Refresh()
		r.objs = append(r.objs, t)
	}
}

func (r *bannerRenderer) MinSize() fyne.Size { return r.b.MinSize() }

func (r *bannerRenderer) Refresh() {
	r.Layout(r.b.Size())
	canvas.Refresh(r.b)
}

func (r *bannerRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *bannerRenderer) Destroy()                     {}

// oneLine is how wide the text is on one line.
func (b *bannerText) oneLine() float32 { return fyne.MeasureText(b.Text, b.size, bannerStyle).Width }

// bannerLayout puts the banner's button beside its sentences where each
// sentence fits on one line beside it (a tablet, a desktop), and under
// them where not (a phone): beside them on a phone it left the sentences
// too little width. Its least height is that of the way it last lay (the
// screen lays out twice). Objects: the sentences (bannerTexts), then the
// button.
type bannerLayout struct {
	beside bool // in the last layout
}

func (l *bannerLayout) split(objs []fyne.CanvasObject) (texts []*bannerText, button fyne.CanvasObject) {
	for _, o := range objs[:len(objs)-1] {
		if b, ok := o.(*bannerText); ok && b.Visible() && b.Text != "" {
			texts = append(texts, b)
		}
	}
	return texts, objs[len(objs)-1]
}

func (l *bannerLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	texts, button := l.split(objs)
	pad := theme.Padding()
	bm := button.MinSize()
	var wide float32
	for _, t := range texts {
		wide = max(wide, t.oneLine())
	}
	l.beside = wide+pad+bm.Width <= size.Width
	textW := size.Width
	if l.beside {
		textW = size.Width - bm.Width - pad
	}
	y := float32(0)
	for _, t := range texts {
		t.Resize(fyne.NewSize(textW, t.MinSize().Height)) // lays its lines out at textW first
		h := t.MinSize().Height
		t.Move(fyne.NewPos(0, y))
		t.Resize(fyne.NewSize(textW, h))
		y += h + pad
	}
	if l.beside {
		button.Move(fyne.NewPos(textW+pad, (size.Height-bm.Height)/2))
		button.Resize(bm)
		return
	}
	button.Move(fyne.NewPos(0, size.Height-bm.Height))
	button.Resize(fyne.NewSize(size.Width, bm.Height))
}

func (l *bannerLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	texts, button := l.split(objs)
	pad := theme.Padding()
	bm := button.MinSize()
	var w, h float32
	for i, t := range texts {
		m := t.MinSize()
		w, h = max(w, m.Width), h+m.Height
		if i > 0 {
			h += pad
		}
	}
	// As wide as under each other needs, whichever way it lies: beside is
	// chosen only where there is room, and a window may be made narrower.
	w = max(w, bm.Width)
	if l.beside {
		return fyne.NewSize(w, max(h, bm.Height))
	}
	if len(texts) > 0 {
		h += pad
	}
	return fyne.NewSize(w, h+bm.Height)
}
