package app

import (
	"context"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/companion/share"
)

// JoinScreen asks for the link of a table another device hosts.
type JoinScreen struct {
	Content fyne.CanvasObject
	link    *widget.Entry
	join    *widget.Button
	status  *widget.Label
}

func (u *UI) showJoin() { u.Show(NewJoinScreen(u).Content) }

// showJoinLink shows the join screen with a table's link filled in, for a
// copy of the app opened from that table: one tap on Join joins it. The
// table this copy is at already (a page reloaded at the table) is joined
// again without a tap.
func (u *UI) showJoinLink(link string) {
	if link == u.prefs.JoinedTable() {
		u.rejoinTable()
		return
	}
	j := NewJoinScreen(u)
	j.link.SetText(link)
	kit.SetLabel(j.status, lang.L("You came from this table: tap Join to take part from this device."))
	u.Show(j.Content)
}

// rejoinTable joins the table this copy joined and has not left, if there
// is one, and says whether there is: the app started again (a browser
// reloaded the page) while its player was at a table. The join screen
// shows while it dials, and says why if the table does not answer; Join
// tries again, Back leaves the table.
func (u *UI) rejoinTable() bool {
	link := u.prefs.JoinedTable()
	if link == "" {
		return false
	}
	j := NewJoinScreen(u)
	j.link.SetText(link)
	u.Show(j.Content)
	j.onJoin(u)
	return true
}

// leaveTable goes home from a table, or from joining one: the table is not
// joined again at the next start.
func (u *UI) leaveTable() {
	u.needSaves() // the home screen shows the games saved
	u.prefs.SetJoinedTable("")
	u.ShowHome()
}

// NewJoinScreen asks for the link of a table to join.
func NewJoinScreen(u *UI) *JoinScreen {
	j := &JoinScreen{}
	bar, _ := kit.BackBar(lang.L("Join a table"), u.leaveTable)
	j.link = widget.NewEntry()
	j.link.SetPlaceHolder("http://192.168.1.20:7777/?t=…")
	j.status = widget.NewLabel(lang.L("Paste or type the link the host shows under its QR code."))
	j.status.Wrapping = fyne.TextWrapWord
	j.join = widget.NewButtonWithIcon(lang.L("Join"), theme.LoginIcon(), func() { j.onJoin(u) })
	j.join.Importance = widget.HighImportance
	j.link.OnSubmitted = func(string) { j.onJoin(u) }
	j.Content = kit.NewBorder(bar, nil, kit.NewScroll(container.NewPadded(container.NewVBox(j.link, j.join, j.status))))
	return j
}

// onJoin dials in the background; the network must not block the screen.
// A browser-hosted table's link (…/j/#<offer>) is answered instead
// (joinrtc.go).
func (j *JoinScreen) onJoin(u *UI) {
	u.needSaves() // every game screen comes after the saves and owners' data are read
	link := j.link.Text
	if offer, ok := rtcOffer(link); ok {
		j.joinBrowserTable(u, offer)
		return
	}
	j.join.Disable()
	kit.SetLabel(j.status, lang.L("Joining…"))
	go j.Connect(u, link)
}

// Connect dials the table and, on the UI goroutine, opens it or says why
// not, if the join screen still shows. The table is remembered, to be
// joined again at the next start, until the player leaves it.
func (j *JoinScreen) Connect(u *UI, link string) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	c, err := share.Dial(ctx, link, u.Clock)
	u.Do(func() {
		if u.Current != j.Content { // the player went elsewhere meanwhile
			if err == nil {
				c.Close()
			}
			return
		}
		j.join.Enable()
		if err != nil {
			kit.SetLabel(j.status, kit.TranslateError(err))
			return
		}
		g := u.Game(c.Snapshot().Game)
		if g == nil || g.Join == nil {
			c.Close()
			kit.SetLabel(j.status, lang.L("This table plays a game this copy of Boardside cannot show."))
			return
		}
		content, stop := g.Join(u.GameWindow(), c)
		u.Show(content)
		u.Leave = stop
		u.prefs.SetJoinedTable(link)
	})
}
