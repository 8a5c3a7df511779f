package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"boardside/companion"
	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
	"boardside/companion/share"
	"boardside/internal/webdriver"
	"boardside/timers"
)

// A double tap – a finger that bounces, or a player who taps twice to be
// sure – applies one action at most. This test double-taps every enabled
// button of the web viewer, 100, 200 and 300 ms apart, in a series of
// states of each game, on a phone-sized page, and counts the actions the
// host applied for each double tap: "double taps tried: N, extra actions
// applied: 0" per game and for all three. It double-taps the sound
// switch once too, which has no action but should toggle once.
//
// A double tap is judged at the gap the browser delivered, which a busy
// machine stretches: the gap between the two fingers is measured as the
// browser took them in, a double tap whose gap strayed from the one asked
// is made again, a sample whose taps came too far apart to be a double tap
// is not judged, and a gap the machine could not deliver is said, never a
// failure by itself. Only behaviour fails: an extra action, a second
// request, a question answered by the second tap, a first tap that did
// nothing.
//
// Each state has its own host and tab, and several states are tapped at
// once (most of a double tap's time is waiting for the page to settle).
// They run in goroutines, not parallel subtests: go test runs only
// GOMAXPROCS parallel subtests at once, two on a two-core machine. What a
// state saw is reported afterwards in a subtest of its own.

// dtGaps are the times between a double tap's two taps.
var dtGaps = []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 300 * time.Millisecond}

const (
	// dtSettle is how long after a double tap's second tap the page is
	// left to act before the host's version is read. The waits in this test
	// are real: the page and Chromium run on the wall clock (a button is
	// armed 500 ms after it appears, a second tap within 500 ms counts
	// once), and what is tested is what a late second tap can still do,
	// which no event announces. A fake clock cannot reach into the browser.
	dtSettle = 700 * time.Millisecond
	// dtTabs is how many states are tapped at once.
	dtTabs = 5
	// dtSameTap is the page's SAME_TAP_MS (assets/web/app.js): two taps on
	// one button that the browser took in less than this apart are a double
	// tap to the page, which must apply one action at most. A sample whose
	// taps came further apart is no double tap, whatever was asked: it is
	// made again, and never judged.
	dtSameTap = 500 * time.Millisecond
	// dtGapSlack is how far a double tap's gap, as the browser took the two
	// fingers in, may stray from the one asked for and still count as
	// made at that gap. A sample that strays is judged all the same, at
	// the gap it had (when it is a double tap), and made again for the
	// gap asked, up to dtTries times: a loaded machine delays the second
	// tap, and that is the machine's doing, not the page's.
	dtGapSlack = 150 * time.Millisecond
	// dtTries is how often a double tap is made for the gap asked.
	dtTries = 4
)

// dtWait bounds each wait for the page: generous, as each ends the moment
// the page is there.
var dtWait = patient(15 * time.Second)

// dtState is one state of a game the test reaches: the session's first
// state, the actions dispatched on it in Go (past ones 170 s ago, so that
// a flip leaves sand to play with), and what the page shows then.
type dtState struct {
	name    string
	initial func(t *testing.T) companion.State
	past    []companion.Action // dispatched as if 170 s ago
	actions []companion.Action // dispatched now
	sel     string             // the page shows text in sel in this state
	text    string
	want    []string // beginnings of labels that must be among the enabled buttons
	mute    bool     // double-tap the sound switch here too
}

type dtGame struct {
	id     string
	states []dtState
}

func dtGames() []dtGame {
	mars := func(*testing.T) companion.State { return mm.New() }
	mission := func(*testing.T) companion.State { return mc.New() }
	round1 := func(t *testing.T) companion.State { return adeleAfterRound1(t) }
	type acts = []companion.Action
	return []dtGame{
		{mm.Game, []dtState{
			{name: "not started", initial: mars, actions: acts{&mm.ChooseMission{Mission: 2}},
				sel: "#start", text: "Turn the sand timer over", want: []string{"Turn the sand timer over"}, mute: true},
			{name: "started", initial: mars, actions: acts{&mm.ChooseMission{Mission: 2}, &mm.Start{}},
				sel: "#buttons", text: "Flip", want: []string{"Undo: Start", "Flip", "Joker", "Pause", "Colonists landed", "All colonists"}},
			{name: "talk after a flip", initial: mars, past: acts{&mm.ChooseMission{Mission: 2}, &mm.Start{}}, actions: acts{&mm.Flip{}},
				sel: "#banner", text: "Talk now", want: []string{"Undo: Flip", "Flip", "Action", "Joker", "Pause", "Colonists landed", "All colonists"}},
			{name: "paused", initial: mars, actions: acts{&mm.ChooseMission{Mission: 2}, &mm.Start{}, &mm.Pause{}},
				sel: "#status", text: "Paused", want: []string{"Undo: Pause", "Flip", "Joker", "Resume", "Colonists landed", "All colonists"}},
			{name: "landed", initial: mars, actions: acts{&mm.ChooseMission{Mission: 2}, &mm.Start{}, &mm.Land{Landed: true}},
				sel: "#buttons", text: "Not landed after all", want: []string{"Undo: Landing", "Joker", "Pause", "Not landed after all", "All colonists"}},
			{name: "solo expert after a flip", initial: mars,
				past: acts{&mm.ChooseMission{Mission: 3}, &mm.SetOptions{Solo: true, Expert: true}, &mm.Start{}}, actions: acts{&mm.Flip{}},
				sel: "#banner", text: "Pass your action tile", want: []string{"Undo: Flip", "Flip", "Action", "Joker", "Pause", "Colonists landed", "All colonists"}},
		}},
		{mc.Game, []dtState{
			{name: "not started", initial: mission, sel: "#start", text: "Start the timer", want: []string{"Start the timer"}},
			{name: "started", initial: mission, actions: acts{&mc.Start{}},
				sel: "#buttons", text: "Roll 3 dice", want: []string{"Undo: Start", "Roll 3 dice", "Reveal", "Pause", "Mission accomplished"}},
			{name: "dice rolled", initial: mission, actions: acts{&mc.Start{}, &mc.RollDice{}},
				sel: "#buttons", text: "Houston Locked!", want: []string{"Undo: Roll", "Houston Locked!", "Bengaluru Locked!", "Cologne Locked!", "Reveal", "Pause", "Mission accomplished"}},
			{name: "all locked", initial: mission,
				actions: acts{&mc.Start{}, &mc.RollDice{}, &mc.Lock{Role: "houston"}, &mc.Lock{Role: "bengaluru"}, &mc.Lock{Role: "cologne"}},
				sel:     "#banner", text: "Mission Control is Locked!", want: []string{"Undo: Locked!", "Next turn", "Reveal", "Pause", "Mission accomplished"}},
			{name: "paused", initial: mission, actions: acts{&mc.Start{}, &mc.Pause{}},
				sel: "#status", text: "Paused", want: []string{"Undo: Pause", "Roll 3 dice", "Reveal", "Resume", "Mission accomplished"}},
		}},
		// ADELE's fixture is dealt at random: the alarm terminals and the
		// command terminal are not always there to tap.
		{adele.Game, []dtState{
			{name: "emergency phase", initial: round1, sel: "#status", text: "Next: the emergency phase",
				want: []string{"Emergency phase", "✕ Door locked", "✕ Impact marker", "Roll the D20", "The crew wins", "ADELE wins"}},
			{name: "ADELE's phase", initial: round1, actions: acts{&adele.EmergencyPhase{}},
				sel: "#status", text: "Planning and ADELE's phase",
				want: []string{"Undo: Emergency phase", "✕ Door locked", "Roll the D20", "The crew wins", "ADELE wins"}},
			{name: "end of round", initial: round1, actions: acts{&adele.EmergencyPhase{}, &adele.EndPhase{}},
				sel: "#status", text: "The crew's actions, then the end of the round",
				want: []string{"End of round", "✕ Door locked", "Roll the D20", "The crew wins", "ADELE wins"}},
		}},
	}
}

func TestBrowser_DoubleTapsApplyOneActionAtMost(t *testing.T) {
	t.Parallel() // a browser and hosts of its own
	first := startChrome(t, webdriver.ChromeOptions{})
	start := time.Now()
	games := dtGames()

	// Every state's first state is made here (fixtures use t); the
	// sessions and hosts are made as each state's turn comes, so that no
	// timer runs while it waits.
	var runs []*dtRun
	byGame := map[string][]*dtRun{}
	for _, g := range games {
		for _, st := range g.states {
			r := &dtRun{game: g.id, st: st, initial: st.initial(t)}
			runs = append(runs, r)
			byGame[g.id] = append(byGame[g.id], r)
		}
	}
	// The states with the most buttons (ADELE's) go first.
	queue := make(chan *dtRun, len(runs))
	for _, id := range []string{adele.Game, mc.Game, mm.Game} {
		for _, r := range byGame[id] {
			queue <- r
		}
	}
	close(queue)
	var wg sync.WaitGroup
	for range dtTabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range queue {
				began := time.Now()
				tab, err := openTab(first, 4*time.Minute) // a tab of its own, without browser's 90 s limit
				if r.err = err; err == nil {
					r.err = r.run(t.Context(), tab)
					_ = tab.Close()
				}
				r.took = time.Since(began)
			}
		}()
	}
	wg.Wait()

	// The sound switch is no action, but a double tap toggles it once too.
	t.Run("sound switch", func(t *testing.T) {
		for _, r := range runs {
			if r.st.mute {
				for _, f := range r.muted {
					t.Error(f)
				}
			}
		}
	})
	var total dtTally
	for _, g := range games {
		t.Run(g.id, func(t *testing.T) {
			var game dtTally
			for _, r := range byGame[g.id] {
				t.Run(r.st.name, func(t *testing.T) {
					for _, l := range r.logs {
						t.Log(l)
					}
					for _, f := range r.fails {
						t.Error(f)
					}
					if r.err != nil {
						t.Errorf("%s, %s: %v", r.game, r.st.name, r.err)
					}
					t.Logf("%s, %s, in %v: %s", r.game, r.st.name, r.took.Round(time.Second), &r.tally)
				})
				game.add(&r.tally)
			}
			t.Logf("%s: %s", g.id, &game)
			total.add(&game)
		})
	}
	t.Logf("all three games, in %v: %s", time.Since(start).Round(time.Second), &total)
	assert.Zero(t, total.extra, "extra actions applied")
	// Judged on what the browser delivered, it must have delivered some:
	// a run that made no double tap at all has tested nothing.
	assert.Positive(t, total.tried, "double taps the browser delivered less than %v apart", dtSameTap)
}

// dtTally counts double taps.
type dtTally struct {
	tried   int // double taps made, measured and judged (the browser took them in less than dtSameTap apart)
	extra   int // actions applied beyond the first, summed over double taps
	acted   int // double taps whose first tap acted: an action, a question, or a refusal
	asked   int // … of which opened a question (answered No)
	refused int // … of which the host refused
	again   int // double taps made again because their gap strayed
	missed  int // gaps asked that the machine did not deliver in dtTries samples
	apart   int // samples whose taps came dtSameTap or more apart: no double tap, not judged
	lateMin time.Duration
	lateMax time.Duration
}

func (c *dtTally) add(o *dtTally) {
	if o.tried > 0 {
		if c.tried == 0 || o.lateMin < c.lateMin {
			c.lateMin = o.lateMin
		}
		c.lateMax = max(c.lateMax, o.lateMax)
	}
	c.tried += o.tried
	c.extra += o.extra
	c.acted += o.acted
	c.asked += o.asked
	c.refused += o.refused
	c.again += o.again
	c.missed += o.missed
	c.apart += o.apart
}

func (c *dtTally) String() string {
	return fmt.Sprintf("double taps tried: %d, extra actions applied: %d (first taps that acted: %d, of which %d asked a question, answered No, and %d were refused by the host; second tap later than asked by %v to %v; %d made again for a stray gap; %d samples too far apart to be a double tap; %d gaps the machine did not deliver in %d tries)",
		c.tried, c.extra, c.acted, c.asked, c.refused, c.lateMin.Round(time.Millisecond), c.lateMax.Round(time.Millisecond), c.again, c.apart, c.missed, dtTries)
}

// dtClock is the wall clock, or, while the test sets a state up or
// restores it, a time it is told: so a game can have started before the
// test came, and an action redone is redone as it was first done.
type dtClock struct {
	timers.System
	at atomic.Pointer[time.Time]
}

func (c *dtClock) Now() time.Time {
	if at := c.at.Load(); at != nil {
		return *at
	}
	return c.System.Now()
}

// set makes the clock stand at at; the zero time lets it run again.
func (c *dtClock) set(at time.Time) {
	if at.IsZero() {
		c.at.Store(nil)
	} else {
		c.at.Store(&at)
	}
}

// dtRun is one state's run: what it logged, the checks that failed, and
// an error that ended it early.
type dtRun struct {
	game    string
	st      dtState
	initial companion.State
	ctx     context.Context
	tab     *webdriver.Chrome
	s       *companion.Session
	clock   *dtClock
	g       share.Game
	logs    []string
	fails   []string
	muted   []string // the sound switch's failed check
	err     error
	tally   dtTally
	took    time.Duration
}

func (r *dtRun) logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

// check records a failed check; the run goes on.
func (r *dtRun) check(ok bool, format string, args ...any) bool {
	if !ok {
		r.fails = append(r.fails, fmt.Sprintf(format, args...))
	}
	return ok
}

// run hosts the state, opens it on a phone-sized page and double-taps
// each of its enabled buttons at each gap.
func (r *dtRun) run(ctx context.Context, tab *webdriver.Chrome) error {
	r.ctx, r.tab = ctx, tab
	r.g = shared[r.game].game
	r.clock = &dtClock{}
	r.s = companion.New(r.g.Rules, r.initial, r.clock)
	r.clock.set(time.Now().Add(-170 * time.Second).Round(0))
	for _, a := range r.st.past {
		if err := r.s.Dispatch(a); err != nil {
			return fmt.Errorf("set up: %s: %w", a.Kind(), err)
		}
	}
	r.clock.set(time.Time{})
	for _, a := range r.st.actions {
		if err := r.s.Dispatch(a); err != nil {
			return fmt.Errorf("set up: %s: %w", a.Kind(), err)
		}
	}
	h := share.NewHost(r.s, r.g, timers.System{}, share.NewToken())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := share.NewServer(h)
	go func() { _ = srv.Serve(l) }()
	defer func() { _ = srv.Close() }()

	// A phone of 412×915 CSS pixels, as emulatePhone makes it.
	if err := tab.Emulate(ctx, webdriver.Phone{Width: 412, Height: 915, Scale: 2.6, Mobile: true}); err != nil {
		return err
	} else if err := tab.Navigate(ctx, "http://"+l.Addr().String()+"/?t="+h.Token()); err != nil {
		return err
	}
	if err := r.waitJS(`document.getElementById("conn").textContent.includes("connected") && document.getElementById("offset").textContent !== "–"`,
		"the page connected and its clock synced"); err != nil {
		return err
	}
	if err := r.waitJS(fmt.Sprintf(`(document.querySelector(%s) || {}).textContent.includes(%s)`, dtQuote(r.st.sel), dtQuote(r.st.text)),
		fmt.Sprintf("%q in %s", r.st.text, r.st.sel)); err != nil {
		return err
	}
	if err := r.waitVersion(); err != nil {
		return err
	}
	if _, err := dtEval[bool](r, dtJS); err != nil {
		return err
	}

	if r.st.mute {
		if err := r.mute(); err != nil {
			return err
		}
	}

	list, err := dtEval[[]dtButton](r, `__dt.list()`)
	if err != nil {
		return err
	}
	var texts []string
	for _, b := range list {
		texts = append(texts, b.Text)
		if b.Loc == "" || !b.Tap {
			return fmt.Errorf("the button %q acts without the page's tap safety, or cannot be named", b.Text)
		}
	}
	for _, w := range r.st.want {
		r.check(dtHasPrefix(texts, w), "no enabled button %q among %q", w, texts)
	}
	r.logf("%s, %s: %d enabled buttons: %s", r.game, r.st.name, len(list), strings.Join(texts, " | "))
	for _, b := range list {
		for _, gap := range dtGaps {
			if err := r.doubleTap(b, gap, false); err != nil {
				return fmt.Errorf("%q (%s) double-tapped %v apart: %w", b.Text, b.Loc, gap, err)
			}
		}
	}
	// Once a state, the page is held up between the taps: the second one
	// is handled long after the first, but it came 200 ms after it.
	if len(list) > 0 {
		if err := r.doubleTap(list[0], dtGaps[1], true); err != nil {
			return fmt.Errorf("%q (%s) double-tapped %v apart, the page held up: %w", list[0].Text, list[0].Loc, dtGaps[1], err)
		}
	}
	return nil
}

// doubleTap double-taps button b, gap apart, checks that it applied one
// action at most (and that its first tap did act), and restores the
// state. It is judged at the gap the browser delivered, which a loaded
// machine stretches: a sample whose taps came less than dtSameTap apart
// is a double tap and is judged, whatever its gap; one whose gap strayed
// from the one asked is made again, up to dtTries times, and a gap never
// delivered is counted and said, never a failure by itself. heldUp holds
// the page's thread up from half the gap after the first tap until 700 ms
// after the second, as a slow phone's long frame does.
func (r *dtRun) doubleTap(b dtButton, gap time.Duration, heldUp bool) error {
	what := fmt.Sprintf("%s, %s: %q (%s) double-tapped %v apart", r.game, r.st.name, b.Text, b.Loc, gap)
	if heldUp {
		what += ", the page held up between the taps"
	}
	var delivered []string
	for try := 1; ; try++ {
		before := r.s.View()
		logLen := len(r.s.Log())
		publicBefore, err := json.Marshal(r.g.Public(before.State))
		if err != nil {
			return err
		}

		scrolled, err := dtEval[bool](r, `__dt.reveal(`+dtQuote(b.Loc)+`)`)
		if err != nil {
			return err
		}
		if scrolled {
			r.logf("%s: scrolled into view first", what)
		}
		x, y, err := r.aim(b.Loc, true)
		if err != nil {
			return err
		}
		mark, err := dtEval[json.RawMessage](r, `__dt.mark()`)
		if err != nil {
			return err
		}
		if heldUp {
			// From half the gap after now to 700 ms after the second tap.
			hold := fmt.Sprintf(`setTimeout(() => { const end = performance.now() + %d; while (performance.now() < end); }, %d)`,
				(gap/2 + 700*time.Millisecond).Milliseconds(), (gap / 2).Milliseconds())
			if _, err := dtEval[int](r, hold); err != nil {
				return err
			}
		}
		got, err := r.twoTaps(x, y, gap, mark)
		if err != nil {
			return err
		}
		// The gap as the browser took the two fingers in: what the page's
		// rule reads (each event's own time), even when its thread was
		// held up and handled them late.
		took := time.Duration((got.Stamps[1] - got.Stamps[0]) * float64(time.Millisecond))
		late := took - gap
		delivered = append(delivered, took.Round(time.Millisecond).String())

		// A question the first tap opened is still open: the second tap
		// did not answer it. It is answered No.
		asked := got.Dialog.Opened > 0
		if got.Dialog.Open {
			if err := r.answerNo(); err != nil {
				return err
			}
		}

		applied := int(r.s.View().Version - before.Version)
		refused := false
		for _, p := range got.Posts {
			refused = refused || p.Status >= 400
		}
		if took >= dtSameTap {
			// Two taps, not a double tap: the page may act on each.
			r.tally.apart++
			r.logf("%s: the browser took the second finger %v after the first (its handlers saw it %.0f ms after): two taps, not judged; made again",
				what, took.Round(time.Millisecond), got.Downs[1]-got.Downs[0])
		} else {
			c := &r.tally
			if c.tried == 0 || late < c.lateMin {
				c.lateMin = late
			}
			c.lateMax = max(c.lateMax, late)
			c.tried++
			c.extra += max(applied-1, 0)
			acted := got.First == 1 && (applied == 1 || asked || refused)
			if acted {
				c.acted++
			}
			if asked {
				c.asked++
			}
			if refused {
				c.refused++
			}
			at := fmt.Sprintf("%s (delivered %v apart)", what, took.Round(time.Millisecond))
			// The claim: one action at most, one tap counted, one request sent.
			r.check(applied <= 1, "%s: the host applied %d actions: %s", at, applied, dtKinds(r.s.Log()[logLen:]))
			r.check(got.Applied <= 1, "%s: the page counted %d taps (and ignored %d)", at, got.Applied, got.Ignored)
			r.check(len(got.Posts) <= 1, "%s: the page sent %d requests: %+v", at, len(got.Posts), got.Posts)
			if asked {
				r.check(got.Dialog.Open && got.Dialog.Closed == 0, "%s: the second tap answered the question the first one asked", at)
				r.check(applied == 0, "%s: the question, answered No, applied %d actions", at, applied)
			}
			// And the first tap did act: the test cannot pass by ignoring taps.
			r.check(acted, "%s: the first tap did nothing (the page counted %d taps, %d of them the first's, and ignored %d; the host applied %d actions; requests %+v; question asked: %v)",
				at, got.Applied, got.First, got.Ignored, applied, got.Posts, asked)
		}

		if err := r.restore(logLen); err != nil {
			return err
		}
		if err := r.waitVersion(); err != nil {
			return err
		}
		publicAfter, err := json.Marshal(r.g.Public(r.s.View().State))
		if err != nil {
			return err
		}
		if string(publicAfter) != string(publicBefore) {
			return fmt.Errorf("the state was not restored:\n%s\n%s", publicBefore, publicAfter)
		}
		if late <= dtGapSlack && late >= -dtGapSlack {
			return nil
		}
		if try == dtTries {
			r.tally.missed++
			r.logf("%s: the machine did not deliver the gap in %d tries (delivered %s); judged at the gaps delivered", what, dtTries, strings.Join(delivered, ", "))
			return nil
		}
		r.tally.again++
		r.logf("%s: delivered %v apart: made again for the gap asked", what, took.Round(time.Millisecond))
	}
}

// twoTaps taps (x, y) twice, the second gap after the first as near as the
// machine manages, and waits until the page has taken both fingers in and
// acted: dtSettle after the second tap (what a late second tap does, no
// event announces), nothing in flight, the host's version shown. It
// returns what the page did since mark.
func (r *dtRun) twoTaps(x, y float64, gap time.Duration, mark json.RawMessage) (dtSince, error) {
	var m dtMark
	if err := json.Unmarshal(mark, &m); err != nil {
		return dtSince{}, err
	}
	first := time.Now()
	if err := r.tab.Tap(r.ctx, x, y); err != nil {
		return dtSince{}, err
	}
	time.Sleep(time.Until(first.Add(gap)))
	if err := r.tab.Tap(r.ctx, x, y); err != nil {
		return dtSince{}, err
	}
	time.Sleep(dtSettle)
	if err := r.waitJS(fmt.Sprintf(`__dt.downs.length >= %d`, m.Downs+2), "the page to take in both fingers"); err != nil {
		return dtSince{}, err
	}
	if err := r.waitJS(`__dt.inflight === 0`, "the page's request to end"); err != nil {
		return dtSince{}, err
	}
	if err := r.waitVersion(); err != nil {
		return dtSince{}, err
	}
	got, err := dtEval[dtSince](r, `__dt.since(`+string(mark)+`)`)
	if err != nil {
		return got, err
	}
	if len(got.Downs) != 2 || len(got.Stamps) != 2 {
		return got, fmt.Errorf("the page saw %d fingers go down, not 2", len(got.Downs))
	}
	return got, nil
}

// answerNo taps the open question's No, once it takes taps.
func (r *dtRun) answerNo() error {
	x, y, err := r.aim("#no", true)
	if err != nil {
		return fmt.Errorf("the question's No: %w", err)
	}
	if err := r.tab.Tap(r.ctx, x, y); err != nil {
		return err
	}
	if err := r.waitJS(`document.getElementById("dialog").hidden`, "No to close the question"); err != nil {
		return err
	}
	time.Sleep(100 * time.Millisecond) // No sends nothing; were it to, it would have by now
	return r.waitJS(`__dt.inflight === 0`, "the page's request to end")
}

// mute double-taps the sound switch, a local switch with no action: it
// toggles once. It is judged as doubleTap judges, at the gap the browser
// delivered; a gap not delivered is made again, then said.
func (r *dtRun) mute() error {
	var delivered []string
	for try := 1; ; try++ {
		before, err := dtEval[string](r, `document.getElementById("mute").getAttribute("aria-pressed")`)
		if err != nil {
			return err
		}
		x, y, err := r.aim("#mute", true) // a switch with tap safety, like any button
		if err != nil {
			return err
		}
		mark, err := dtEval[json.RawMessage](r, `__dt.mark()`)
		if err != nil {
			return err
		}
		var m dtMark
		if err := json.Unmarshal(mark, &m); err != nil {
			return err
		}
		got, err := r.twoTaps(x, y, dtGaps[0], mark)
		if err != nil {
			return fmt.Errorf("the sound switch: %w", err)
		}
		changes, err := dtEval[int](r, fmt.Sprintf(`__dt.muteChanges(%d)`, m.Mute))
		if err != nil {
			return err
		}
		after, err := dtEval[string](r, `document.getElementById("mute").getAttribute("aria-pressed")`)
		if err != nil {
			return err
		}
		if changes%2 == 1 { // the sound back as it was
			time.Sleep(dtSettle)
			x, y, err := r.aim("#mute", true)
			if err != nil {
				return err
			}
			if err := r.tab.Tap(r.ctx, x, y); err != nil {
				return err
			}
			if err := r.waitJS(fmt.Sprintf(`document.getElementById("mute").getAttribute("aria-pressed") === %s`, dtQuote(before)), "the sound switch back as it was"); err != nil {
				return err
			}
		}
		took := time.Duration((got.Stamps[1] - got.Stamps[0]) * float64(time.Millisecond))
		delivered = append(delivered, took.Round(time.Millisecond).String())
		if took < dtSameTap {
			r.logf("the sound switch (#mute), double-tapped %v apart: toggled %d times (aria-pressed %s → %s)", took.Round(time.Millisecond), changes, before, after)
			if changes != 1 {
				r.muted = append(r.muted, fmt.Sprintf("the sound switch (#mute), double-tapped %v apart, toggled %d times, not once (aria-pressed %s → %s)",
					took.Round(time.Millisecond), changes, before, after))
			}
		} else {
			r.logf("the sound switch (#mute): the browser took the second finger %v after the first: two taps, not judged", took.Round(time.Millisecond))
		}
		if late := took - dtGaps[0]; late <= dtGapSlack && late >= -dtGapSlack {
			return nil
		}
		if try == dtTries {
			r.logf("the sound switch (#mute): the machine did not deliver %v in %d tries (delivered %s)", dtGaps[0], dtTries, strings.Join(delivered, ", "))
			return nil
		}
		time.Sleep(dtSettle)
	}
}

// aim waits until the button named loc takes a tap (armed: as the page's
// tap safety has it) where a finger at its centre lands on it, and
// returns that centre.
func (r *dtRun) aim(loc string, armed bool) (x, y float64, err error) {
	var p []float64
	err = webdriver.Until(r.ctx, r.tab, fmt.Sprintf(`__dt.aim(%s, %v)`, dtQuote(loc), armed), dtWait, 20*time.Millisecond, &p)
	if err != nil || len(p) != 2 {
		shown, _ := dtEval[string](r, `__dt.list().map((b) => b.loc + " " + b.text).join(" | ")`)
		return 0, 0, fmt.Errorf("waiting for %s to take taps: %v; the page's enabled buttons: %s", loc, err, shown)
	}
	return p[0], p[1], nil
}

func (r *dtRun) waitJS(expr, what string) error {
	if err := webdriver.Until(r.ctx, r.tab, expr, dtWait, 20*time.Millisecond, nil); err != nil {
		return fmt.Errorf("waiting for %s: %w", what, err)
	}
	return nil
}

// waitVersion waits until the page shows the host session's version.
func (r *dtRun) waitVersion() error {
	v := r.s.View().Version
	if err := r.waitJS(fmt.Sprintf(`document.documentElement.dataset.version === "%d"`, v), fmt.Sprintf("version %d", v)); err != nil {
		shown, _ := dtEval[string](r, `document.documentElement.dataset.version || "none"`)
		return fmt.Errorf("%w (the page shows %s)", err, shown)
	}
	return nil
}

// restore takes back what the double tap changed on the host: an applied
// action is undone; an undo (the header's Undo) is redone by dispatching
// the action it took back again at the time it was first done, which
// plays it the same (the undo restored the random generator too).
func (r *dtRun) restore(from int) error {
	log := r.s.Log()
	added := log[from:]
	for i := len(added) - 1; i >= 0; i-- {
		e := added[i]
		if e.Kind != companion.KindUndo {
			if err := r.s.Undo(); err != nil {
				return fmt.Errorf("undo %s: %w", e.Kind, err)
			}
			continue
		}
		orig := log[e.Undoes-1]
		raw, err := json.Marshal(map[string]any{"kind": orig.Kind, "data": orig.Data})
		if err != nil {
			return err
		}
		a, err := r.s.Rules().DecodeAction(raw)
		if err == nil {
			r.clock.set(orig.At) // as it was done: the state comes back exactly
			err = r.s.Dispatch(a)
			r.clock.set(time.Time{})
		}
		if err != nil {
			return fmt.Errorf("redo %s: %w", orig.Kind, err)
		}
	}
	return nil
}

func dtKinds(log []companion.Entry) string {
	var k []string
	for _, e := range log {
		k = append(k, e.Kind)
	}
	return strings.Join(k, ", ")
}

func dtHasPrefix(texts []string, prefix string) bool {
	for _, s := range texts {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

// dtEval evaluates expr in the run's page, through webdriver.Page.
func dtEval[T any](r *dtRun, expr string) (T, error) {
	var v T
	if err := r.tab.Eval(r.ctx, expr, &v); err != nil {
		return v, fmt.Errorf("%s: %w", strings.SplitN(expr, "\n", 2)[0], err)
	}
	return v, nil
}

func dtQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

type dtButton struct {
	Loc  string `json:"loc"`
	Text string `json:"text"`
	Tap  bool   `json:"tap"`
}

type dtMark struct {
	Mute  int `json:"mute"`
	Downs int `json:"downs"`
}

// dtSince is what the page did since a mark: the taps it counted (and of
// those, the first tap's), the requests it sent with their answers'
// status, when fingers went down (in ms, as its handlers saw it and as
// the browser took it in), and the question's openings and closings.
type dtSince struct {
	Applied int `json:"applied"`
	First   int `json:"first"` // taps counted before the second finger went down
	Ignored int `json:"ignored"`
	Posts   []struct {
		Path   string `json:"path"`
		Status int    `json:"status"`
	} `json:"posts"`
	Downs  []float64 `json:"downs"`
	Stamps []float64 `json:"stamps"`
	Dialog struct {
		Opened int  `json:"opened"`
		Closed int  `json:"closed"`
		Open   bool `json:"open"`
	} `json:"dialog"`
}

// dtJS instruments the page without changing what it does: it counts the
// actions and undos it posts (and those in flight), notes when a finger
// goes down and when the question dialog and the sound switch change, and
// finds the buttons the test taps. (Its only nudge is a resize event,
// which makes the page re-arm a button that moved now rather than at its
// next render.)
const dtJS = `(() => {
  if (window.__dt) return true;
  const d = window.__dt = { inflight: 0, posts: [], downs: [], stamps: [], counted: [], dialog: [], mute: [] };
  const realFetch = window.fetch;
  window.fetch = function (input, init) {
    const p = realFetch.apply(this, arguments);
    if (!init || init.method !== "POST") return p;
    const rec = { path: new URL(String(input), location.href).pathname, status: 0 };
    d.posts.push(rec); d.inflight++;
    // In flight until the page has read the answer (it always does).
    return p.then((r) => {
      rec.status = r.status;
      const json = r.json.bind(r);
      r.json = () => json().finally(() => { d.inflight--; });
      return r;
    }, (e) => { rec.status = -1; d.inflight--; throw e; });
  };
  // When a finger goes down: as the page's handlers see it, as the
  // browser took it in, and how many taps the page had counted by then.
  document.addEventListener("pointerdown", (e) => {
    d.downs.push(performance.now()); d.stamps.push(e.timeStamp); d.counted.push(window.boardside.taps.applied);
  }, true);
  const watch = (e, attr, into) => new MutationObserver((rs) => rs.forEach((r) => into.push(r.oldValue)))
    .observe(e, { attributes: true, attributeFilter: [attr], attributeOldValue: true });
  const dialog = document.getElementById("dialog"), mute = document.getElementById("mute");
  watch(dialog, "hidden", d.dialog);
  watch(mute, "aria-pressed", d.mute);
  // An attribute's values since a mark: the old value of each change
  // since, then the value now.
  const values = (olds, from, now) => olds.slice(from).concat([now]);
  d.muteChanges = (from) => {
    const v = values(d.mute, from, mute.getAttribute("aria-pressed"));
    let n = 0;
    for (let i = 1; i < v.length; i++) if (v[i] !== v[i - 1]) n++;
    return n;
  };
  d.dialogSince = (from) => {
    const v = values(d.dialog, from, dialog.getAttribute("hidden")).map((h) => h === null); // open?
    let opened = 0, closed = 0;
    for (let i = 1; i < v.length; i++) { if (v[i] && !v[i - 1]) opened++; if (!v[i] && v[i - 1]) closed++; }
    return { opened, closed, open: !dialog.hidden };
  };
  d.find = (loc) => loc.startsWith("#") ? document.querySelector(loc)
    : loc.startsWith("slot:") ? document.querySelector('#buttons button[data-slot="' + loc.slice(5) + '"]')
    : loc.startsWith("adele:") ? document.querySelectorAll("#adele button")[+loc.slice(6)] : null;
  d.shown = (b) => !!b && !!b.offsetParent && getComputedStyle(b).visibility !== "hidden";
  // list names every shown, enabled button but the connection's, the
  // sound's and the question's: by id, by its action bar slot, or by its
  // place among ADELE's board buttons (their texts repeat).
  d.list = () => [...document.querySelectorAll("button")]
    .filter((b) => d.shown(b) && !b.disabled && b.id !== "conn" && b.id !== "mute" && !b.closest("#dialog"))
    .map((b) => ({ loc: b.id ? "#" + b.id : b.dataset.slot ? "slot:" + b.dataset.slot
      : b.closest("#adele") ? "adele:" + [...document.querySelectorAll("#adele button")].indexOf(b) : "",
      text: b.textContent.trim(), tap: !!b._tap }));
  // hit is the button's centre when a finger there lands on it.
  d.hit = (b) => {
    const r = b.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const h = document.elementFromPoint(x, y);
    return h && h.closest("button") === b ? [x, y] : null;
  };
  // reveal scrolls a board button into view, as a player would, when it
  // is not wholly on screen. The page re-arms moved buttons when it
  // renders; the resize makes it do so now, not at a render during taps.
  d.reveal = (loc) => {
    const b = d.find(loc), main = document.getElementById("main");
    if (!d.shown(b) || !main.contains(b)) return false;
    const r = b.getBoundingClientRect(), m = main.getBoundingClientRect();
    if (r.top >= m.top && r.bottom <= m.bottom) return false;
    b.scrollIntoView({ block: "center" });
    window.dispatchEvent(new Event("resize"));
    return true;
  };
  // aim is where to tap the button once it takes taps: shown, enabled,
  // armed (if asked), not under the question (unless it is the
  // question's) nor under a toast. Armed means, too, that the page has
  // noted where the button is now: else its next render would re-arm it,
  // just as the finger comes (the question's buttons, noted while hidden,
  // are re-armed so by the first render after they show). The resize
  // makes the page note it now.
  d.aim = (loc, armed) => {
    const b = d.find(loc);
    if (!d.shown(b) || b.disabled) return null;
    if (armed) {
      const r = b.getBoundingClientRect();
      if (b._at !== r.left + "," + r.top + "," + r.width + "," + r.height) { window.dispatchEvent(new Event("resize")); return null; }
      if (!b._tap || performance.now() < b._tap.armedAt) return null;
    }
    if (!dialog.hidden && !b.closest("#dialog")) return null;
    return d.hit(b);
  };
  d.mark = () => ({ applied: window.boardside.taps.applied, ignored: window.boardside.taps.ignored,
    posts: d.posts.length, downs: d.downs.length, dialog: d.dialog.length, mute: d.mute.length });
  d.since = (m) => ({ applied: window.boardside.taps.applied - m.applied, ignored: window.boardside.taps.ignored - m.ignored,
    first: (d.counted.length > m.downs + 1 ? d.counted[m.downs + 1] : window.boardside.taps.applied) - m.applied,
    posts: d.posts.slice(m.posts), downs: d.downs.slice(m.downs), stamps: d.stamps.slice(m.downs), dialog: d.dialogSince(m.dialog) });
  return true;
})()`
