package adele

import (
	"encoding/json"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"boardside/app"
	ad "boardside/companion/adele"
	"boardside/companion/share"
)

// joinedAdele is the crew's view of an ADELE game hosted on ADELE's
// tablet: the same board the tablet shows, from the public projection.
type joinedAdele struct {
	u       *app.UI
	c       *share.Client
	content fyne.CanvasObject
	bar     *app.JoinedBar
	conn    *widget.Label
	board   *adeleBoard
	stopW   func()
}

func joinAdele(u *app.UI, c *share.Client) (fyne.CanvasObject, func()) {
	j := newJoinedAdele(u, c)
	return j.content, j.stop
}

func newJoinedAdele(u *app.UI, c *share.Client) *joinedAdele {
	j := &joinedAdele{u: u, c: c}
	j.bar = app.NewJoinedBar(u, c, lang.L("Joined table")+" · ADELE")
	j.conn = widget.NewLabel("")
	j.board = newAdeleBoard(u.Win, func(kind string, data any) {
		if err := c.Send(kind, data); err != nil {
			u.ShowError(err)
		}
	})
	j.content = app.NewBorder(container.NewVBox(j.bar.Content, j.conn), nil, container.NewPadded(j.board.content))
	j.stopW = c.Watch(func() { u.Do(j.render) })
	j.render()
	return j
}

func (j *joinedAdele) stop() {
	j.stopW()
	j.c.Close()
}

func (j *joinedAdele) render() {
	if j.c.Connected() {
		app.SetLabel(j.conn, lang.L("Connected"))
	} else {
		app.SetLabel(j.conn, lang.L("Reconnecting…"))
	}
	j.bar.Refresh()
	var p ad.PublicState
	if json.Unmarshal(j.c.Snapshot().State, &p) == nil && p.SetUp {
		j.board.set(p)
	}
}
