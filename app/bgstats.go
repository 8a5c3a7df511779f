package app

import (
	"errors"
	"image/color"
	"net/url"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/skip2/go-qrcode"

	"boardside/app/kit"
	"boardside/companion/plays"
)

// A play goes to BG Stats as its https link (plays.Play.BGStatsURL), on
// every device: on a phone or tablet with BG Stats the app claims that
// address and opens its own import of the play, without one the browser
// shows BG Stats' page; in a browser it opens in a new tab, which a phone
// with BG Stats hands to the app. The bgstats:// link would save the
// browser's step, but a phone without BG Stats cannot open it, and Fyne
// does not say so: the https link always leads somewhere. A desktop, where
// BG Stats is rarely kept, shows the link as a code for the phone that has
// it, and offers it to copy.

// logInBGStats sends p to BG Stats: it opens the link where BG Stats can
// be reached from this device, else shows the code.
func (u *UI) logInBGStats(p plays.Play) {
	link, err := p.BGStatsURL()
	if err != nil {
		u.ShowError(err)
		return
	}
	u.openBGStats(link)
}

// openBGStats opens a play's https link to BG Stats where BG Stats can be
// reached from this device, else shows it as a code: a joined app opens
// the link its host made (plays.Public.BGStats).
func (u *UI) openBGStats(link string) {
	if u.linksOpenHere {
		addr, err := url.Parse(link)
		if err == nil {
			err = u.OpenURL(addr)
		}
		if err != nil {
			dialog.ShowError(errors.New(lang.L("BG Stats could not be opened. Reason: {{.Reason}}", map[string]any{"Reason": err.Error()})), u.Win)
		}
		return
	}
	u.showBGStatsCode(link)
}

// bgStatsCode is the dialog that shows a play's link to BG Stats as a code
// for a phone's camera.
type bgStatsCode struct {
	dialog dialog.Dialog
	qr     *canvas.Image // nil when the link is too long for a code
	copy   *widget.Button
	note   *widget.Label
}

// showBGStatsCode shows link as a QR code for the phone that has BG Stats,
// black on white whatever the theme (as the table's code on Share), with
// a button that copies it; a link too long for a code (a play with very
// many names and details) is said to be so, and offered to copy alone.
func (u *UI) showBGStatsCode(link string) *bgStatsCode {
	c := &bgStatsCode{}
	body := container.NewVBox()
	if png, err := qrcode.Encode(link, qrcode.Medium, 512); err == nil {
		c.qr = canvas.NewImageFromResource(fyne.NewStaticResource("bgstats-qr.png", png))
		c.qr.FillMode = canvas.ImageFillContain
		c.qr.SetMinSize(fyne.NewSize(260, 260))
		body.Add(kit.Wrapped(lang.L("Scan this code with the phone that has BG Stats: the play opens there, ready to save.")))
		body.Add(container.NewCenter(container.NewStack(canvas.NewRectangle(color.White), container.NewPadded(c.qr))))
	} else {
		body.Add(kit.Wrapped(lang.L("This play is too long for a code a phone can scan. Copy the link and open it on the phone that has BG Stats.")))
	}
	c.note = kit.Wrapped(lang.L("The link is copied."))
	c.note.Hide()
	body.Add(c.note)
	c.copy = widget.NewButtonWithIcon(lang.L("Copy the link"), theme.ContentCopyIcon(), func() {
		u.app.Clipboard().SetContent(link)
		c.note.Show()
		body.Refresh()
	})
	closeIt := widget.NewButtonWithIcon(lang.L("Close"), theme.CancelIcon(), func() { c.dialog.Hide() })
	// The code scrolls where the window is too low for it (a laptop's
	// window made small); the buttons stay in view under it.
	scroll := container.NewVScroll(body)
	win := u.Win.Canvas().Size()
	w := min(body.MinSize().Width, max(0, win.Width-2*theme.Padding()-40))
	body.Resize(fyne.NewSize(w, body.MinSize().Height)) // the text wraps at that width: its height is known
	scroll.SetMinSize(fyne.NewSize(w, min(body.MinSize().Height, max(0, win.Height-200))))
	content := container.NewBorder(nil, container.NewGridWithColumns(2, c.copy, closeIt), nil, nil, scroll)
	c.dialog = dialog.NewCustomWithoutButtons(lang.L("Log in BG Stats"), content, u.Win)
	c.dialog.Show()
	return c
}
