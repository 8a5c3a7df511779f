package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// SplitLayout puts two objects side by side when there is more width than
// height (a tablet on its side) and one above the other otherwise (a
// phone held upright). The first gets share of the split. With
// minSecond, side by side needs that much width left for the second: a
// wide but low space (a phone whose foot takes much of its height) stacks.
// stackShare, if set, is the first's share when stacked.
type SplitLayout struct{ Share, MinSecond, StackShare float32 }

func (l SplitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	if !objs[1].Visible() { // the first takes the whole space
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(size)
		return
	}
	if size.Width >= size.Height && size.Width*(1-l.Share) >= l.MinSecond {
		w := size.Width * l.Share
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(fyne.NewSize(w, size.Height))
		objs[1].Move(fyne.NewPos(w, 0))
		objs[1].Resize(fyne.NewSize(size.Width-w, size.Height))
		return
	}
	share := l.Share
	if l.StackShare > 0 {
		share = l.StackShare
	}
	h := size.Height * share
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, h))
	objs[1].Move(fyne.NewPos(0, h))
	objs[1].Resize(fyne.NewSize(size.Width, size.Height-h))
}

func (l SplitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

// scrollSplit lays two objects out inside one scroll: side by side where
// the scroll is wider than high and both fit, the first getting share of
// the width; else one above the other, each as high as it needs. A
// layout inside a scroll cannot see the scroll's size (the scroll gives
// it its MinSize), so newScrollSplit's outer layout, which can, chooses
// before the scroll lays its content out.
type scrollSplit struct {
	share float32
	side  bool
}

// NewScrollSplit is a vertical scroll holding first and second, split as
// scrollSplit says.
func NewScrollSplit(share float32, first, second fyne.CanvasObject) fyne.CanvasObject {
	l := &scrollSplit{share: share}
	inner := container.New(l, first, second)
	return container.New(scrollSplitChooser{l, inner}, container.NewVScroll(inner))
}

func (l *scrollSplit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	objs[0].Move(fyne.NewPos(0, 0))
	if l.side {
		w := size.Width * l.share
		objs[0].Resize(fyne.NewSize(w, size.Height))
		objs[1].Move(fyne.NewPos(w, 0))
		objs[1].Resize(fyne.NewSize(size.Width-w, size.Height))
		return
	}
	h := objs[0].MinSize().Height
	objs[0].Resize(fyne.NewSize(size.Width, h))
	objs[1].Move(fyne.NewPos(0, h))
	objs[1].Resize(fyne.NewSize(size.Width, size.Height-h))
}

func (l *scrollSplit) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) != 2 {
		return fyne.Size{}
	}
	// As wide as stacked needs, whichever way it lies: side by side is
	// chosen only where there is room, and a window may be made narrower.
	a, b := objs[0].MinSize(), objs[1].MinSize()
	if l.side {
		return fyne.NewSize(max(a.Width, b.Width), max(a.Height, b.Height))
	}
	return fyne.NewSize(max(a.Width, b.Width), a.Height+b.Height)
}

// scrollSplitChooser lays out the scroll around a scrollSplit, choosing
// side by side or stacked for the size the scroll gets.
type scrollSplitChooser struct {
	split *scrollSplit
	inner *fyne.Container
}

func (c scrollSplitChooser) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	a, b := c.inner.Objects[0].MinSize(), c.inner.Objects[1].MinSize()
	side := size.Width >= size.Height && size.Width*c.split.share >= a.Width && size.Width*(1-c.split.share) >= b.Width
	changed := side != c.split.side
	c.split.side = side
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
	if changed { // same size, new content height: the scroll lays out again
		objs[0].Refresh()
	}
}

func (c scrollSplitChooser) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

// TwoPass lays its objects out twice with the layout it wraps: a label
// that wraps its words knows its width only once laid out, and asks for
// the height of its lines after that, so the second pass gives it room.
type TwoPass struct{ Inner fyne.Layout }

func (l TwoPass) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.Inner.Layout(objs, size)
	l.Inner.Layout(objs, size)
}

func (l TwoPass) MinSize(objs []fyne.CanvasObject) fyne.Size { return l.Inner.MinSize(objs) }

// NewScroll is a vertical scroll over content that lays content out again
// when its least height changed in laying it out: a label that wraps its
// words learns its width only once laid out, and then needs more lines
// than it asked for, so without the second pass it was cut on a phone.
func NewScroll(content fyne.CanvasObject) fyne.CanvasObject {
	scroll := container.NewVScroll(content)
	return container.New(&settledScroll{scroll: scroll}, scroll)
}

type settledScroll struct {
	scroll *container.Scroll
	last   fyne.Size // the content's least size after the last layout
}

func (l *settledScroll) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.scroll.Move(fyne.NewPos(0, 0))
	l.scroll.Resize(size)
	if m := l.scroll.Content.MinSize(); m != l.last {
		l.last = m
		// The scroll's renderer gives the content its new least size and
		// moves the bars; the second pass lays out every container under
		// it again. The scroll's Refresh did both and also refreshed every
		// widget under it, each label's words wrapped and each icon's
		// picture read again: several times the home screen's first frame
		// on a phone's first visit.
		l.scroll.Base.Refresh()
		relayout(l.scroll.Content)
		if bottom := max(0, l.scroll.Content.Size().Height-size.Height); l.scroll.Offset.Y > bottom {
			l.scroll.ScrollToOffset(fyne.NewPos(l.scroll.Offset.X, bottom)) // within the new height
		}
	}
}

func (l *settledScroll) MinSize([]fyne.CanvasObject) fyne.Size { return l.scroll.MinSize() }

// relayout lays out o again, when it is a container, and what is in it,
// from the outside in, as their Refresh does. Labels, buttons and icons
// are laid out by their parents' layouts (a label wraps its words again
// when its width changes) and not refreshed: that read their text and
// pictures again. Other widgets, whose insides are out of reach (a form's
// rows), are refreshed.
func relayout(o fyne.CanvasObject) {
	if !o.Visible() {
		return
	}
	switch o := o.(type) {
	case *fyne.Container:
		if o.Layout != nil {
			o.Layout.Layout(o.Objects, o.Size())
		}
		for _, child := range o.Objects {
			relayout(child)
		}
	case *widget.Label, *widget.RichText, *widget.Button, *widget.Icon:
	case fyne.Widget:
		o.Refresh()
	}
}

// foldRow lays its objects side by side, the first taking the width the
// others leave, where they fit; one under the other, each the full width,
// where they do not (a phone). Its least width is its widest object's, so
// it never makes a screen wider than the window; its least height is that
// of the arrangement it last chose (a scroll made with newScroll lays it
// out again when that changes).
type foldRow struct{ folded bool }

// NewFoldRow puts objs side by side where they fit, else one under another.
func NewFoldRow(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&foldRow{}, objs...)
}

func (l *foldRow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	var rest float32 // what all but the first need
	for _, o := range objs[1:] {
		if o.Visible() {
			rest += o.MinSize().Width + pad
		}
	}
	l.folded = len(objs) > 0 && objs[0].MinSize().Width+rest > size.Width
	x, y := float32(0), float32(0)
	for i, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		switch {
		case l.folded:
			o.Move(fyne.NewPos(0, y))
			o.Resize(fyne.NewSize(size.Width, m.Height))
			y += m.Height + pad
		case i == 0:
			o.Move(fyne.NewPos(0, 0))
			o.Resize(fyne.NewSize(size.Width-rest, size.Height))
			x = size.Width - rest + pad
		default:
			o.Move(fyne.NewPos(x, 0))
			o.Resize(fyne.NewSize(m.Width, size.Height))
			x += m.Width + pad
		}
	}
}

func (l *foldRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h, sum float32
	n := 0
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		w, h, sum = max(w, m.Width), max(h, m.Height), sum+m.Height
		n++
	}
	if l.folded && n > 0 {
		return fyne.NewSize(w, sum+float32(n-1)*theme.Padding())
	}
	return fyne.NewSize(w, h)
}

// FoldGrid lays its visible objects out in cells of one size, as many to
// a row as fit the width (all of them on a tablet; fewer, in more rows,
// on a phone), each row at least height high. Its least width is one
// cell's, so it never makes a screen wider than the window; its least
// height is that of the rows it last laid out (a screen built with
// twoPass, or a scroll made with newScroll, lays it out again).
type FoldGrid struct {
	Height float32
	cols   int // of the last layout; 0: all in one row
}

func (l *FoldGrid) cell(objs []fyne.CanvasObject) (fyne.Size, int) {
	var c fyne.Size
	n := 0
	for _, o := range objs {
		if o.Visible() {
			c = c.Max(o.MinSize())
			n++
		}
	}
	return fyne.NewSize(c.Width, max(c.Height, l.Height)), n
}

func (l *FoldGrid) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	c, n := l.cell(objs)
	if n == 0 {
		return
	}
	pad := theme.Padding()
	cols := n
	for cols > 1 && float32(cols)*c.Width+float32(cols-1)*pad > size.Width {
		cols--
	}
	l.cols = cols
	rows := (n + cols - 1) / cols
	w := (size.Width - float32(cols-1)*pad) / float32(cols)
	h := (size.Height - float32(rows-1)*pad) / float32(rows)
	i := 0
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		o.Move(fyne.NewPos(float32(i%cols)*(w+pad), float32(i/cols)*(h+pad)))
		o.Resize(fyne.NewSize(w, h))
		i++
	}
}

func (l *FoldGrid) MinSize(objs []fyne.CanvasObject) fyne.Size {
	c, n := l.cell(objs)
	if n == 0 {
		return fyne.Size{}
	}
	cols := n
	if l.cols > 0 {
		cols = min(l.cols, n)
	}
	rows := (n + cols - 1) / cols
	return fyne.NewSize(c.Width, float32(rows)*c.Height+float32(rows-1)*theme.Padding())
}

// setupLayout stacks a screen's bar, its setup (in a scroll), its middle
// and its foot. The setup, while shown, takes what it needs up to share of
// the height left between bar and foot, and scrolls beyond that: a setup
// of a row a choice, as a phone needs, would otherwise push the timer off
// a landscape tablet. Objects: bar, setup scroll, middle, foot; content is
// what the scroll holds.
type setupLayout struct {
	content fyne.CanvasObject
	share   float32
}

// NewSetupBody is bar, setup, middle and foot laid out by setupLayout, each
// layout done twice (see twoPass).
func NewSetupBody(bar, setup, middle, foot fyne.CanvasObject, share float32) *fyne.Container {
	return container.New(TwoPass{Inner: &setupLayout{content: setup, share: share}}, bar, NewScroll(setup), middle, foot)
}

func (l *setupLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	bar, setup, middle, foot := objs[0], objs[1], objs[2], objs[3]
	pad := theme.Padding()
	bh, fh := bar.MinSize().Height, foot.MinSize().Height
	sh := float32(0)
	if l.content.Visible() {
		sh = min(l.content.MinSize().Height, (size.Height-bh-fh)*l.share)
	}
	if l.content.Visible() != setup.Visible() { // the scroll goes with what it holds
		if l.content.Visible() {
			setup.Show()
		} else {
			setup.Hide()
		}
	}
	y := float32(0)
	for _, p := range []struct {
		o fyne.CanvasObject
		h float32
	}{{bar, bh}, {setup, sh}, {middle, max(0, size.Height-bh-sh-fh-3*pad)}, {foot, fh}} {
		p.o.Move(fyne.NewPos(0, y))
		p.o.Resize(fyne.NewSize(size.Width, p.h))
		y += p.h + pad
	}
}

func (l *setupLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	for _, o := range []fyne.CanvasObject{objs[0], objs[2], objs[3]} {
		m := o.MinSize()
		w, h = max(w, m.Width), h+m.Height
	}
	return fyne.NewSize(max(w, l.content.MinSize().Width), h+3*theme.Padding())
}

// NewBorder is container.NewBorder with top, bottom and center only, its
// layout done twice (twoPass): a screen's bar and foot hold text that
// wraps, whose height is known only once laid out.
func NewBorder(top, bottom, center fyne.CanvasObject) *fyne.Container {
	var objs []fyne.CanvasObject
	for _, o := range []fyne.CanvasObject{top, bottom, center} {
		if o != nil {
			objs = append(objs, o)
		}
	}
	return container.New(TwoPass{Inner: layout.NewBorderLayout(top, bottom, nil, nil)}, objs...)
}

// Narrowable wraps an object whose least width depends on how it is laid
// out at the width it has (tabs that fold into a menu, a grid built for a
// wide window that a narrow one replaces): it asks for no width, only for
// the object's height, so a desktop window can still be made as narrow as
// a phone and the object then takes its narrow form.
func Narrowable(o fyne.CanvasObject) fyne.CanvasObject {
	return container.New(narrowLayout{}, o)
}

type narrowLayout struct{}

func (narrowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (narrowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var h float32
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(0, h)
}
