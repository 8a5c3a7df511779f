package adele

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/companion"
	ad "boardside/companion/adele"
	"boardside/companion/plays"
	"boardside/companion/share"
)

// joinedAdele is the crew's view of an ADELE game hosted on ADELE's
// tablet: the same board the tablet shows, from the public projection.
type joinedAdele struct {
	u       kit.Window
	c       *share.Client
	content fyne.CanvasObject
	bar     *kit.JoinedBar
	conn    *widget.Label
	board   *adeleBoard
	stopW   func()
	// record is the play the tablet recorded at the game's end, under the
	// result as on the tablet: names from public state alone, so nothing
	// of ADELE's console can show here.
	record *kit.PlayPanel
	vis    kit.Visibility
}

func joinAdele(u kit.Window, c *share.Client) (fyne.CanvasObject, func()) {
	j := newJoinedAdele(u, c)
	return j.content, j.stop
}

func newJoinedAdele(u kit.Window, c *share.Client) *joinedAdele {
	j := &joinedAdele{u: u, c: c}
	j.bar = kit.NewJoinedBar(u, c, lang.L("Joined table")+" · ADELE")
	j.conn = widget.NewLabel("")
	j.conn.Wrapping = fyne.TextWrapWord // the game's counts follow the connection
	j.record = kit.NewJoinedPlayPanel(u, j.bar)
	j.board = newAdeleBoard(u.Win(), j.send, j.record.Content)
	j.content = kit.NewBorder(container.NewVBox(j.bar.Content, j.conn), nil, container.NewPadded(j.board.content))
	j.stopW = c.Watch(func() { u.Do(j.render) })
	j.render()
	return j
}

// send sends a public action tapped on the board (or on a dialog of it)
// with the version the screen drew.
func (j *joinedAdele) send(act companion.Action) { j.bar.Send(act.Kind(), act) }

func (j *joinedAdele) stop() {
	j.stopW()
	j.c.Close()
}

// render shows the board, and in the line under the bar the connection
// with what the quick viewer (assets/web/adele.js) shows besides the
// board: the ship, the players, the emergency cards and impact markers
// left and the rounds played; or, before the set-up, that the host is at it.
func (j *joinedAdele) render() {
	line := lang.L("Connected")
	if !j.c.Connected() {
		line = lang.L("Reconnecting…")
	}
	snap := j.c.Snapshot() // one state per render: the one its taps act on
	j.bar.Refresh(snap)
	var p ad.PublicState
	if json.Unmarshal(snap.State, &p) == nil {
		j.bar.Means(boardMeanings(p, snap.Version))
		if p.SetUp {
			ship := p.Ship
			if ship != "" {
				ship = strings.ToUpper(ship[:1]) + ship[1:] // the Deimos, the Phobos: names
			}
			line += " · " + ship + " · " + lang.L("{{.Count}} players", map[string]any{"Count": p.Players}) + "\n" +
				strings.Join([]string{
					lang.L("Emergency cards left: {{.Count}}", map[string]any{"Count": p.CardsLeft}),
					lang.L("Impact markers left: {{.Count}}", map[string]any{"Count": p.ImpactsLeft}),
					lang.L("Rounds played: {{.Count}}", map[string]any{"Count": p.RoundsPlayed}),
				}, " · ")
			j.board.set(p)
			j.record.RenderPublic(&j.vis, snap.State)
			j.vis.Apply(j.board.content)
		} else {
			line += "\n" + lang.L("The host is setting the game up…")
		}
	}
	kit.SetLabel(j.conn, line)
}

// boardMeanings is what each of the board's public actions depends on,
// for the joined screen and ADELE's own (kit.Acts): the phase buttons on
// the phase and round; the rest of the board, as the quick viewer's
// board rebuilt on every change, on any change at all: a D20 rolled
// elsewhere may show the same number.
func boardMeanings(p ad.PublicState, version uint64) map[string]string {
	phase := fmt.Sprint(p.SetUp, p.Phase, p.Round, p.CardsLeft, p.Result)
	changed := strconv.FormatUint(version, 10)
	m := map[string]string{"emergency": phase, "endRound": phase}
	for _, kind := range ad.PublicActions {
		// The names of the play are the record panel's to mean (the record
		// itself, PlayPanel.RenderPublic): meant as every change here too,
		// each render would re-arm Save names.
		if _, ok := m[kind]; !ok && kind != plays.KindRecordPlay {
			m[kind] = changed
		}
	}
	return m
}
