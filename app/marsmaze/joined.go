package marsmaze

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

// joinedMars is a Magic Maze on Mars table hosted elsewhere: the whole
// public game, as the quick viewer (assets/web/marsmaze.js) shows it: the
// sand timer with its alerts, the talk banner, landing, the win, solo
// mode's stopwatch with its ring and a pulse at every window, the expert
// rule; and every public action.
type joinedMars struct {
	*kit.JoinedScreen
	u      kit.Window
	digits *kit.Digits
	glass  *sandglass
	flash  *kit.Flasher
	alerts *kit.TimerAlerts

	soloRow    fyne.CanvasObject
	watch      *kit.Digits
	ring       *canvas.Arc
	nextWindow *widget.Label
	marks      *timers.Marks // nil until the stopwatch is first shown
	pulses     int           // solo windows signalled, for tests
}

func joinMarsMaze(u kit.Window, c *share.Client) (fyne.CanvasObject, func()) {
	j := newJoinedMars(u, c)
	j.Start()
	return container.NewStack(j.Content, j.flash.Rect), j.Stop
}

func newJoinedMars(u kit.Window, c *share.Client) *joinedMars {
	j := &joinedMars{u: u, digits: kit.NewDigits("–:––"), glass: newSandglass()}
	j.flash, j.alerts = kit.NewCountdownSignals(u, lang.L("The sand has run out"), lang.L("Magic Maze on Mars: the game is lost."))
	j.watch = kit.NewDigits("0:00")
	j.ring = canvas.NewArc(0, 360, 0.75, theme.Color(theme.ColorNamePrimary))
	j.nextWindow = widget.NewLabel("")
	j.nextWindow.Alignment = fyne.TextAlignCenter
	ring := container.New(kit.TallLayout{Height: 72}, container.NewGridWrap(fyne.NewSize(72, 72), j.ring))
	j.soloRow = container.NewVBox(container.NewBorder(nil, nil, ring, nil, j.watch), j.nextWindow)
	j.soloRow.Hide()
	center := container.New(kit.SplitLayout{Share: 0.65}, j.digits, j.glass)
	j.JoinedScreen = kit.NewJoinedScreen(u, c, center, j.soloRow, j.render)
	return j
}

func (j *joinedMars) render(state json.RawMessage) (time.Duration, bool) {
	var p mm.PublicState
	if json.Unmarshal(state, &p) != nil {
		return 0, false
	}
	rem := j.Remaining(p.Sand)
	over := p.Sand.Started && !p.Won && rem <= 0
	playing := p.Sand.Started && !over && !p.Won
	phase := sandPhase(p, over)
	jokers := missionJokers(p.Mission) > 0

	j.digits.SetText(timers.FormatRemaining(rem))
	if p.Sand.TotalMs > 0 {
		j.glass.Set(float64(rem.Milliseconds())/float64(p.Sand.TotalMs), p.Sand.Running && !over)
	}
	j.renderStatus(p, over, phase)
	j.renderInfo(p, jokers)
	j.renderTalk(p, playing)
	// While the game runs every action keeps its place, disabled where it
	// does not apply, as in the quick viewer: a tap never lands on a
	// button that has just moved under the finger.
	j.Means(publicMeanings(p))
	j.SetButtons(publicButtons(p, playing, jokers)...)

	j.renderSolo(p, playing)
	deadline := time.UnixMilli(p.Sand.DeadlineMs)
	j.alerts.Observe(rem, phase, deadline, p.Won || phase == timers.Idle || phase == timers.Paused)
	return rem, playing && p.Sand.Running
}

// sandPhase is the sand timer's phase as the host's screen has it.
func sandPhase(p mm.PublicState, over bool) timers.Phase {
	switch {
	case over:
		return timers.Expired
	case p.Sand.Running:
		return timers.Running
	case p.Sand.Started:
		return timers.Paused
	}
	return timers.Idle
}

// renderStatus says how the game stands, in the status line and in the
// digits' colour: won, lost, paused or landed.
func (j *joinedMars) renderStatus(p mm.PublicState, over bool, phase timers.Phase) {
	status := ""
	switch {
	case p.Won:
		j.digits.SetColour(theme.Color(theme.ColorNameSuccess))
		status = lang.L("Mission complete with {{.Time}} of sand left", map[string]any{"Time": timers.FormatRemaining(time.Duration(p.SandLeftAtWinMs) * time.Millisecond)})
	case over && p.Sand.DeadlineMs > 0:
		j.digits.SetColour(theme.Color(theme.ColorNameError))
		status = lang.L("The sand has run out at {{.Clock}}: the game is lost", map[string]any{"Clock": j.LocalTime(p.Sand.DeadlineMs).Local().Format("15:04:05")})
	case over:
		j.digits.SetColour(theme.Color(theme.ColorNameError))
		status = lang.L("The sand has run out")
	case phase == timers.Paused:
		j.digits.SetColour(nil)
		status = lang.L("Paused")
	case p.Landed:
		j.digits.SetColour(nil)
		status = lang.L("The colonists have landed: no more flips")
	default:
		j.digits.SetColour(nil)
	}
	kit.SetLabel(j.Status, status)
	j.Vis.Set(status != "", j.Status)
}

// renderInfo lists the mission and its mode, the markers and jokers
// left, and the expert rule.
func (j *joinedMars) renderInfo(p mm.PublicState, jokers bool) {
	mission := lang.L("Mission {{.Mission}}", map[string]any{"Mission": p.Mission})
	if p.Solo {
		mission += " · " + lang.L("Solo mode")
	}
	info := []string{mission, lang.L("Hourglass markers left: {{.Markers}}", map[string]any{"Markers": p.MarkersLeft})}
	if jokers {
		info = append(info, lang.L("Jokers left: {{.Jokers}}", map[string]any{"Jokers": p.JokersLeft}))
	}
	if p.Expert {
		info = append(info, lang.L("Expert rule: pass action tiles on each flip"))
	}
	kit.SetLabel(j.Info, strings.Join(info, "\n"))
}

// renderTalk shows the banner while the players may talk or must pass
// their action tiles.
func (j *joinedMars) renderTalk(p mm.PublicState, playing bool) {
	talk := ""
	if playing && p.Talk == mm.TalkAfterJoker {
		talk = lang.L("Joker: talk now, until someone acts")
	} else if playing && p.Talk != "" {
		talk = lang.L("Talk now, until someone acts")
	}
	if playing && p.PassTiles {
		talk = strings.TrimSpace(talk + " " + lang.L("Pass your action tile to the left!"))
	}
	kit.SetLabel(j.Banner, talk)
	j.Vis.Set(talk != "", j.Banner)
}

// publicButtons are the public actions a joined device offers: Start
// before the game, and while it runs Flip, the action, the joker where
// the mission gives one, Pause or Resume, landing and the win.
func publicButtons(p mm.PublicState, playing, jokers bool) []kit.Action {
	var bs []kit.Action
	if !p.Sand.Started {
		bs = append(bs, kit.Action{Text: lang.L("Turn the sand timer over to start"), Kind: "start", Main: true})
	}
	if !playing {
		return bs
	}
	bs = append(bs,
		kit.Action{Text: lang.L("Flip"), Kind: "flip", Main: true, Off: p.Landed || p.MarkersLeft <= 0},
		kit.Action{Text: lang.L("Action: someone moved"), Kind: "act", Off: p.Talk == "" && !p.PassTiles})
	if jokers {
		bs = append(bs, kit.Action{Text: lang.L("Joker: talk"), Kind: "useJoker", Off: p.JokersLeft <= 0})
	}
	if p.Sand.Running {
		bs = append(bs, kit.Action{Text: lang.L("Pause"), Kind: "pause"})
	} else {
		bs = append(bs, kit.Action{Text: lang.L("Resume"), Kind: "resume"})
	}
	land := kit.Action{Text: lang.L("Colonists landed"), Kind: "land", Data: mm.Land{Landed: true}}
	if p.Landed {
		land = kit.Action{Text: lang.L("Colonists not landed after all"), Kind: "land", Data: mm.Land{Landed: false}}
	}
	return append(bs, land,
		kit.Action{Text: lang.L("All colonists on domes"), Kind: "win", Ask: lang.L("Is every colonist on a dome?")})
}

// publicMeanings is what each public action depends on, by its kind, for
// the joined screen and the host's own (kit.Acts): another device's change
// of that part re-arms the button for a moment, so two players slapping
// Flip as the sand runs low flip it once.
func publicMeanings(p mm.PublicState) map[string]string {
	sand := fmt.Sprint(p.Sand.Started, p.Sand.Running, p.Won)
	return map[string]string{
		"start": sand, "pause": sand, "resume": sand, "win": sand,
		"flip":     fmt.Sprint(p.Flips, p.MarkersLeft, p.Sand, p.Landed),
		"act":      fmt.Sprint(p.Talk, p.PassTiles),
		"useJoker": fmt.Sprint(p.JokersLeft, p.Talk),
		"land":     fmt.Sprint(p.Landed),
	}
}

// renderSolo shows solo mode's stopwatch and the ring counting down to the
// next moment the "Do something!" pawn may move, and pulses at each, as
// the host's screen does.
func (j *joinedMars) renderSolo(p mm.PublicState, playing bool) {
	show := p.Solo && playing && p.SoloEveryMs > 0
	j.Vis.Set(show, j.soloRow)
	if !show {
		return
	}
	w := p.Watch
	elapsed := time.Duration(w.BeforeMs) * time.Millisecond
	if w.Running {
		elapsed += j.HostNow().Sub(time.UnixMilli(w.SinceMs))
	}
	elapsed = max(elapsed, 0)
	every := time.Duration(p.SoloEveryMs) * time.Millisecond
	if j.marks == nil || j.marks.Every != every { // windows that passed before this screen opened are not signalled
		j.marks = timers.NewMarks(every, elapsed)
	}
	j.watch.SetText(timers.FormatElapsed(elapsed))
	until := j.marks.UntilNext(elapsed)
	secs := int((until + time.Second - 1) / time.Second)
	kit.SetLabel(j.nextWindow, lang.L("Pawn may move in {{.Seconds}} s", map[string]any{"Seconds": secs}))
	if sweep := float32(360 * float64(until) / float64(every)); j.ring.EndAngle != sweep {
		j.ring.EndAngle = sweep
		j.ring.Refresh()
	}
	if crossed := j.marks.Observe(elapsed); len(crossed) > 0 && w.Running {
		// Windows missed while asleep arrive together: one pulse, one sound.
		j.pulses++
		j.u.PlaySound(kit.SoundMark)
		j.flash.Flash(kit.FlashMark)
	}
	if w.Running {
		j.WakeWithin(min(timers.UntilElapsedChanges(elapsed), until))
	}
}

// missionJokers is how many jokers a mission gives: where it gives none,
// there is no joker button.
func missionJokers(mission int) int {
	for _, mi := range mm.Default().Missions {
		if mi.Number == mission {
			return mi.Jokers
		}
	}
	return 0
}
