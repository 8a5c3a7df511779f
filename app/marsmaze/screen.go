// Package marsmaze is Magic Maze on Mars's screens: the sand timer to
// flip, the hourglass markers and jokers, the talk banner and the solo
// stopwatch. The rules are in companion/marsmaze; Game is the home
// screen's tile, which app/catalog hands to the shell.
package marsmaze

import (
	"image/color"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

// Game is Magic Maze on Mars as the home screen lists it.
func Game() *kit.Game {
	g := &kit.Game{ID: mm.Game, Name: "Magic Maze on Mars",
		Blurb: "A sand timer to flip, the hourglass markers left, and the solo stopwatch."}
	g.Rules = mm.Rules
	g.NewState = func() companion.State { return mm.New() }
	g.Screen = func(u kit.Window, s *companion.Session) fyne.CanvasObject { return newMarsMazeScreen(u, g, s).content }
	g.Describe = describeMarsMaze
	g.Share = &share.Game{Public: mm.Public, PublicActions: mm.PublicActions}
	g.Join = joinMarsMaze
	g.Host = host
	return g
}

var talkColour = color.NRGBA{R: 0x2e, G: 0x7d, B: 0x32, A: 0xff}

// marsMazeScreen is the sand timer beside the board.
type marsMazeScreen struct {
	u       kit.Window
	s       *companion.Session
	content fyne.CanvasObject
	bar     *kit.GameBar
	acts    *kit.Acts // every change the screen makes

	glass   *sandglass
	digits  *kit.Digits
	counts  *widget.Label // markers and jokers left
	status  *widget.Label
	setup   fyne.CanvasObject
	mission *widget.RadioGroup
	sand    *widget.Label
	solo    *widget.Check
	expert  *widget.Check
	checks  *widget.Label // the mission's material

	talk       fyne.CanvasObject
	talkText   *bannerText // white on green in either theme
	passTiles  *bannerText
	act        *widget.Button
	soloRow    fyne.CanvasObject
	watch      *kit.Digits
	ring       *canvas.Arc
	nextWindow *widget.Label

	start  *widget.Button
	flip   *widget.Button
	joker  *widget.Button
	pause  *widget.Button
	resume *widget.Button
	landed *widget.Check
	won    *widget.Button
	// extra holds Joker, Pause and Resume; foot the main action.
	extra, foot fyne.CanvasObject
	body        *kit.TimerLayout
	record      *kit.PlayPanel // the game's end: its record

	alerts   *kit.TimerAlerts
	marks    *timers.Marks
	marksSet bool // the solo marks follow the restored stopwatch
	flash    *kit.Flasher
	live     *kit.Live
	vis      kit.Visibility
	// pulses counts solo-mode window signals, for tests.
	pulses int
}

func newMarsMazeScreen(u kit.Window, g *kit.Game, s *companion.Session) *marsMazeScreen {
	m := &marsMazeScreen{u: u, s: s}
	m.flash, m.alerts = kit.NewCountdownSignals(u, lang.L("The sand has run out"), lang.L("Magic Maze on Mars: the game is lost."))
	m.bar, m.acts = kit.NewScreenBar(u, g, s, m.onTurn)
	m.record = kit.NewPlayPanel(u, g, s, m.dispatch)
	m.buildTimer()
	m.buildSetup()
	m.buildTalkBanner()
	m.buildSoloRow()
	m.buildButtons()
	m.layOut()
	// The controls are set from the state before their handlers are
	// attached, so showing the screen dispatches nothing.
	m.live = kit.GoLive(u, s, m.render)
	m.attachHandlers()
	return m
}

// buildTimer makes the sand timer: the glass, its digits, the markers and
// jokers left under them, and the line that says how the game stands.
func (m *marsMazeScreen) buildTimer() {
	m.glass = newSandglass()
	m.digits = kit.NewDigits("3:00")
	m.counts = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	m.counts.SizeName = theme.SizeNameSubHeadingText
	m.counts.Wrapping = fyne.TextWrapWord // German, in a phone's half of a landscape screen
	m.status = kit.NewStatusLabel()
}

// buildSetup makes the choices before the start: the mission, the sand
// timer's length, solo mode, the expert rule, and the mission's material.
func (m *marsMazeScreen) buildSetup() {
	var missions []string
	for _, mi := range mm.Default().Missions {
		missions = append(missions, strconv.Itoa(mi.Number))
	}
	m.mission = widget.NewRadioGroup(missions, nil)
	m.mission.Horizontal, m.mission.Required = true, true
	m.sand = widget.NewLabel("")
	shorter := widget.NewButtonWithIcon(lang.L("10 s"), theme.ContentRemoveIcon(), func() { m.changeSand(-10) })
	longer := widget.NewButtonWithIcon(lang.L("10 s"), theme.ContentAddIcon(), func() { m.changeSand(10) })
	var solo, expert fyne.CanvasObject
	m.solo, solo = kit.NewWrapCheck(lang.L("Solo mode"), nil)
	m.expert, expert = kit.NewWrapCheck(lang.L("Expert rule: pass action tiles on each flip"), nil)
	m.checks = widget.NewLabel("")
	m.checks.Wrapping = fyne.TextWrapWord
	// A row each, short enough for a 360-wide phone.
	m.setup = container.NewVBox(
		widget.NewLabel(lang.L("Mission")), m.mission,
		container.NewHBox(widget.NewLabel(lang.L("Sand timer")), shorter, m.sand, longer),
		solo, expert, m.checks)
}

// buildTalkBanner makes the green banner that says when the players may
// talk and pass their action tiles, with the button that ends the talk.
func (m *marsMazeScreen) buildTalkBanner() {
	m.talkText = newBannerText("", theme.TextHeadingSize())
	m.passTiles = newBannerText(lang.L("Pass your action tile to the left!"), theme.TextSubHeadingSize())
	m.act = kit.BigButton(lang.L("Action: someone moved"), theme.MediaFastForwardIcon(), func() { m.dispatch(&mm.Act{}) })
	bg := canvas.NewRectangle(talkColour)
	bg.CornerRadius = theme.InputRadiusSize()
	m.talk = container.NewStack(bg, container.NewPadded(container.New(&bannerLayout{}, m.talkText, m.passTiles, m.act)))
}

// buildSoloRow makes solo mode's stopwatch, with the ring counting down to
// the next moment the "Do something!" pawn may move.
func (m *marsMazeScreen) buildSoloRow() {
	m.watch = kit.NewDigits("0:00")
	m.ring = canvas.NewArc(0, 360, 0.75, theme.Color(theme.ColorNamePrimary))
	m.nextWindow = widget.NewLabel("")
	m.nextWindow.Wrapping = fyne.TextWrapWord
	m.marks = timers.NewMarks(mm.Default().SoloMark(), 0)
	ring := container.New(kit.TallLayout{Height: 72}, container.NewGridWrap(fyne.NewSize(72, 72), m.ring))
	// The sentence under the stopwatch: beside it, on a phone, it left the
	// digits less than they need.
	m.nextWindow.Alignment = fyne.TextAlignCenter
	m.soloRow = container.NewVBox(container.NewBorder(nil, nil, ring, nil, m.watch), m.nextWindow)
}

// buildButtons makes the game's buttons: Start and Flip, the joker,
// Pause and Resume, landing, and the win, asked first.
func (m *marsMazeScreen) buildButtons() {
	m.start = kit.BigButton(lang.L("Turn the sand timer over to start"), theme.MediaPlayIcon(), func() { m.dispatch(&mm.Start{}) })
	m.flip = kit.BigButton(lang.L("Flip"), theme.ViewRefreshIcon(), func() { m.dispatch(&mm.Flip{}) })
	m.joker = widget.NewButtonWithIcon(lang.L("Joker: talk"), theme.AccountIcon(), func() { m.dispatch(&mm.UseJoker{}) })
	m.pause = widget.NewButtonWithIcon(lang.L("Pause"), theme.MediaPauseIcon(), func() { m.dispatch(&mm.Pause{}) })
	m.resume = widget.NewButtonWithIcon(lang.L("Resume"), theme.MediaPlayIcon(), func() { m.dispatch(&mm.Resume{}) })
	m.landed = widget.NewCheck(lang.L("Colonists landed"), nil)
	m.won = kit.NewWinButton(m.u, lang.L("All colonists on domes"), lang.L("Mission complete"), lang.L("Is every colonist on a dome?"),
		func() { m.dispatch(&mm.Win{}) })
}

// layOut puts the screen together: the bar, the sand timer with the solo
// row under it, the rest in a scroll (at the game's end, how it ended and
// its record), and the main action at the foot.
func (m *marsMazeScreen) layOut() {
	// Laid out twice (kit.NewBorder): the lines under the digits wrap.
	timer := container.New(&timerLayout{}, m.glass, kit.NewBorder(nil, m.counts, m.digits))
	center := kit.NewBorder(nil, m.soloRow, timer)
	// Start and Flip, the common thing, keep one place at the foot; the
	// rest scrolls above it where a phone has no room for all of it.
	m.extra = kit.ButtonRow(m.joker, m.pause, m.resume)
	m.foot = container.NewPadded(kit.ButtonRow(m.start, m.flip))
	rest := container.NewPadded(container.NewVBox(m.setup, m.status, m.record.Content, m.talk, m.extra, kit.NewFoldRow(m.landed, m.won)))
	m.body = &kit.TimerLayout{Rest: rest, SideRest: 320, SideBelow: 600}
	body := kit.NewTimerBody(m.body, m.bar.Content, container.NewPadded(center), m.foot)
	m.content = container.NewStack(body, m.flash.Rect)
}

// attachHandlers lets the setup's controls and the landing check change
// the game.
func (m *marsMazeScreen) attachHandlers() {
	m.mission.OnChanged = m.onMission
	m.solo.OnChanged = func(bool) { m.onOptions() }
	m.expert.OnChanged = func(bool) { m.onOptions() }
	m.landed.OnChanged = m.onLanded
}

func (m *marsMazeScreen) state() *mm.State { return m.s.View().State.(*mm.State) }

// dispatch applies a to the game as the screen showed it (kit.Acts).
func (m *marsMazeScreen) dispatch(a companion.Action) { m.acts.Dispatch(a) }

func (m *marsMazeScreen) onMission(text string) {
	n, err := strconv.Atoi(text)
	if err != nil || n == m.state().Mission {
		return
	}
	m.dispatch(&mm.ChooseMission{Mission: n})
}

func (m *marsMazeScreen) onOptions() {
	st := m.state()
	if st.Solo == m.solo.Checked && st.Expert == m.expert.Checked {
		return
	}
	m.dispatch(&mm.SetOptions{Solo: m.solo.Checked, Expert: m.expert.Checked})
}

func (m *marsMazeScreen) onLanded(on bool) {
	if on == m.state().Landed {
		return
	}
	m.dispatch(&mm.Land{Landed: on})
}

func (m *marsMazeScreen) changeSand(deltaSec int) {
	total := m.state().Sand.Total + time.Duration(deltaSec)*time.Second
	m.dispatch(&mm.SetSand{Seconds: int(total / time.Second)})
}

func (m *marsMazeScreen) onTurn(rotated bool) {
	m.digits.SetRotated(rotated)
	m.glass.SetRotated(rotated)
}

// render shows the state at now and says when something shown next changes.
func (m *marsMazeScreen) render(now time.Time) (time.Duration, bool) {
	next, again := m.renderState(now)
	m.vis.Apply(m.content)
	return next, again
}

// sandAt is the game at one moment, as a render reads it.
type sandAt struct {
	now       time.Time
	phase     timers.Phase
	rem       time.Duration // the sand left
	over, won bool
	idle      bool // not started: the setup shows
	playing   bool // started and not over
	running   bool // the sand runs
}

func readSand(st *mm.State, now time.Time) sandAt {
	over, won := st.Over(now)
	at := sandAt{now: now, phase: st.Sand.Phase(now), rem: st.Sand.Remaining(now), over: over, won: won, idle: !st.Started()}
	at.playing = !at.idle && !over
	at.running = at.phase == timers.Running && !over
	return at
}

func (m *marsMazeScreen) renderState(now time.Time) (time.Duration, bool) {
	v := kit.DrawView(m.s, m.acts, m.bar)
	st := v.State.(*mm.State)
	m.acts.Means(publicMeanings(mm.Public(st).(mm.PublicState)))
	at := readSand(st, now)
	m.renderSand(st, at)
	m.renderSetup(st, at.idle)
	m.renderButtons(st, at)
	m.renderTalk(st, at.playing)
	m.renderStatus(st, at)
	m.record.Render(&m.vis, st, now, recordForm(st))

	next, again := time.Duration(0), false
	if at.running {
		next, again = timers.UntilRemainingChanges(at.rem), true
	}
	if d, ok := m.renderSolo(st, now, at.playing); ok && (!again || d < next) {
		next, again = d, true
	}
	m.alerts.Observe(at.rem, at.phase, st.Sand.Deadline, at.won || at.phase == timers.Idle || at.phase == timers.Paused)
	m.u.KeepAwake(at.running)
	return next, again
}

// renderSand shows the sand left, in the glass and in digits, and the
// hourglass markers and jokers left under them.
func (m *marsMazeScreen) renderSand(st *mm.State, at sandAt) {
	m.digits.SetText(timers.FormatRemaining(at.rem))
	m.glass.Set(st.Sand.Fraction(at.now), at.running)
	kit.SetLabel(m.counts, lang.L("Hourglass markers left: {{.Markers}}", map[string]any{"Markers": st.MarkersLeft})+
		jokerText(st))
}

// renderSetup shows the setup and Start until the game starts, with the
// choices made so far.
func (m *marsMazeScreen) renderSetup(st *mm.State, idle bool) {
	m.vis.Set(idle, m.setup, m.start)
	if idle {
		m.mission.SetSelected(strconv.Itoa(st.Mission))
		kit.SetLabel(m.sand, timers.FormatElapsed(st.Sand.Total))
		m.solo.SetChecked(st.Solo)
		m.expert.SetChecked(st.Expert)
		kit.SetLabel(m.checks, m.checklist(st))
	}
	// Setting up, the timer keeps a good part of the height; playing, the
	// banner and the buttons have all they need first.
	m.body.HeadShare = 0
	if idle {
		m.body.HeadShare = 0.4
	}
}

// renderButtons shows the buttons that apply while the game runs, and
// enables Flip where the rules allow one.
func (m *marsMazeScreen) renderButtons(st *mm.State, at sandAt) {
	m.vis.Set(at.idle || at.playing, m.foot)
	m.vis.Set(at.playing, m.flip, m.landed, m.won, m.extra)
	m.vis.Set(at.playing && st.JokersLeft > 0, m.joker)
	m.vis.Set(at.playing && at.phase == timers.Running, m.pause)
	m.vis.Set(at.playing && at.phase == timers.Paused, m.resume)
	if st.CanFlip(at.now) == nil {
		m.flip.Enable()
	} else {
		m.flip.Disable()
	}
	m.landed.SetChecked(st.Landed)
}

// renderTalk shows the talk banner while the players may talk or must
// pass their action tiles.
func (m *marsMazeScreen) renderTalk(st *mm.State, playing bool) {
	talking := playing && (st.Talk != "" || st.PassTiles)
	m.vis.Set(talking, m.talk)
	m.vis.Set(st.PassTiles, m.passTiles)
	talk := ""
	switch st.Talk {
	case mm.TalkAfterJoker:
		talk = lang.L("Joker: talk now, until someone acts")
	case mm.TalkAfterFlip:
		talk = lang.L("Talk now, until someone acts")
	}
	if talk != m.talkText.Text {
		m.talkText.SetText(talk)
		m.vis.Changed = true // its lines, and so the banner's height, may change
	}
	m.vis.Set(st.Talk != "", m.talkText)
}

// renderStatus says how the game stands, in the status line and in the
// digits' colour: won, lost, paused or landed.
func (m *marsMazeScreen) renderStatus(st *mm.State, at sandAt) {
	switch {
	case at.over && at.won:
		m.digits.SetColour(theme.Color(theme.ColorNameSuccess))
		kit.SetLabel(m.status, lang.L("Mission complete with {{.Time}} of sand left", map[string]any{"Time": timers.FormatRemaining(st.SandLeftAtWin)}))
	case at.over:
		m.digits.SetColour(theme.Color(theme.ColorNameError))
		expired, _ := st.Sand.ExpiredAt(at.now)
		kit.SetLabel(m.status, lang.L("The sand has run out at {{.Clock}}: the game is lost", map[string]any{"Clock": expired.Local().Format("15:04:05")}))
	case at.phase == timers.Paused:
		m.digits.SetColour(nil)
		kit.SetLabel(m.status, lang.L("Paused"))
	case st.Landed:
		m.digits.SetColour(nil)
		kit.SetLabel(m.status, lang.L("The colonists have landed: no more flips"))
	default:
		m.digits.SetColour(nil)
		kit.SetLabel(m.status, "")
	}
	m.vis.Set(m.status.Text != "", m.status)
}

// renderSolo shows the stopwatch and the ring counting down to the next
// moment the "Do something!" pawn may move, and pulses at each.
func (m *marsMazeScreen) renderSolo(st *mm.State, now time.Time, playing bool) (time.Duration, bool) {
	// After the end there is no pawn to move: the row goes.
	m.vis.Set(st.Solo && playing, m.soloRow)
	if !st.Solo || !playing {
		return 0, false
	}
	elapsed := st.Watch.Elapsed(now)
	if !m.marksSet { // windows that passed before this screen opened are not signalled
		m.marksSet = true
		m.marks = timers.NewMarks(m.marks.Every, elapsed)
	}
	m.watch.SetText(timers.FormatElapsed(elapsed))
	every := m.marks.Every
	until := m.marks.UntilNext(elapsed)
	secs := int((until + time.Second - 1) / time.Second)
	kit.SetLabel(m.nextWindow, lang.L("Pawn may move in {{.Seconds}} s", map[string]any{"Seconds": secs}))
	sweep := float32(360 * float64(until) / float64(every))
	if m.ring.EndAngle != sweep {
		m.ring.EndAngle = sweep
		m.ring.Refresh()
	}
	if crossed := m.marks.Observe(elapsed); len(crossed) > 0 && playing {
		// Marks missed while asleep arrive together: one pulse, one sound.
		m.pulses++
		m.u.PlaySound(kit.SoundMark)
		m.flash.Flash(kit.FlashMark)
	}
	if !playing || !st.Watch.Running {
		return 0, false
	}
	return min(timers.UntilElapsedChanges(elapsed), until), true
}

// recordForm asks the game's end for the players' names: up to 6, one in
// solo mode.
func recordForm(st *mm.State) kit.PlayForm {
	if st.Solo {
		return kit.PlayForm{Seats: kit.PlayerSeats(1)}
	}
	return kit.PlayForm{Seats: kit.PlayerSeats(6)}
}

func jokerText(st *mm.State) string {
	if st.MissionData().Jokers == 0 {
		return ""
	}
	return "\n" + lang.L("Jokers left: {{.Jokers}}", map[string]any{"Jokers": st.JokersLeft}) // a line each: one did not fit a phone
}

// checklist is the chosen mission's material, in the running language.
func (m *marsMazeScreen) checklist(st *mm.State) string {
	mi := st.MissionData()
	lines := []string{lang.L("Mission {{.Mission}} needs:", map[string]any{"Mission": mi.Number})}
	for _, it := range mi.Material {
		lines = append(lines, "• "+it.In(kit.RunningLanguage()))
	}
	if mi.TalkFreely {
		lines = append(lines, lang.L("In this mission everybody may talk all game long."))
	}
	return strings.Join(lines, "\n")
}

// describeMarsMaze is a history line.
func describeMarsMaze(e companion.Entry) string {
	a, err := kit.DecodeEntry(mm.Rules, e)
	if err != nil {
		return e.Kind
	}
	switch a := a.(type) {
	case *mm.RecordPlay:
		return lang.L("Play recorded")
	case *mm.ChooseMission:
		return lang.L("Mission {{.Mission}}", map[string]any{"Mission": a.Mission})
	case *mm.SetSand:
		return lang.L("Sand timer: {{.Time}}", map[string]any{"Time": timers.FormatElapsed(time.Duration(a.Seconds) * time.Second)})
	case *mm.SetOptions:
		return lang.L("Options changed")
	case *mm.Start:
		return lang.L("Start")
	case *mm.Flip:
		return lang.L("Flip")
	case *mm.Act:
		return lang.L("Action: someone moved")
	case *mm.UseJoker:
		return lang.L("Joker: talk")
	case *mm.Land:
		if a.Landed {
			return lang.L("Colonists landed")
		}
		return lang.L("Colonists not landed after all")
	case *mm.Pause:
		return lang.L("Pause")
	case *mm.Resume:
		return lang.L("Resume")
	case *mm.Win:
		return lang.L("All colonists on domes")
	}
	return e.Kind
}
