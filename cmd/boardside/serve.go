package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/skip2/go-qrcode"

	"boardside/companion"
	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
	"boardside/companion/share"
	"boardside/companion/webapp"
	"boardside/timers"
)

// shared lists the games a headless host can serve.
var shared = map[string]struct {
	game     share.Game
	newState func() companion.State
}{
	mm.Game:    {share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}, func() companion.State { return mm.New() }},
	mc.Game:    {share.Game{Rules: mc.Rules, Public: mc.Public, PublicActions: mc.PublicActions}, func() companion.State { return mc.New() }},
	adele.Game: {share.Game{Rules: adele.Rules, Public: adele.Public, PublicActions: adele.PublicActions}, func() companion.State { return adele.New() }},
}

// serve hosts one game for the table from a laptop, without a window:
//
//	boardside serve --game marsmaze|missioncontrol|adele [--port 7777] [--data DIR] [--new] [--webapp DIR]
//
// It prints the addresses and a QR code of the best one. The game and its
// token are saved in DIR, so a restarted host brings every device back.
// The full web app that `make web` built is served at /app/ (see
// webapp.Handler).
func serve(args []string, out io.Writer) error {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	fl.SetOutput(out)
	gameID := fl.String("game", "", "the game to share: marsmaze, missioncontrol or adele")
	port := fl.Int("port", share.DefaultPort, "the port to listen on (a free one if taken)")
	dataDir := fl.String("data", defaultServeDir(), "where the shared game and its token are kept")
	fresh := fl.Bool("new", false, "start a new game instead of resuming the saved one")
	webappDir := fl.String("webapp", "", "the full web app's folder, which make web builds (default: build/web here or beside the program, when there)")
	setup := setupFlags(fl)
	if err := fl.Parse(args); err != nil {
		return err
	}
	g, ok := shared[*gameID]
	if !ok {
		return fmt.Errorf("choose a game with --game marsmaze, missioncontrol or adele")
	}
	if err := setup.apply(g.newState()); err != nil { // refuse bad choices before listening
		return err
	}
	if *webappDir != "" && !webapp.Built(*webappDir) {
		return fmt.Errorf("no web app in %s: build it with make web", *webappDir)
	}
	l, err := share.Listen(*port)
	if err != nil {
		return err
	}
	newState := func() companion.State {
		st := g.newState()
		_ = setup.apply(st) // checked above
		return st
	}
	srv, best, err := host(l, *dataDir, *gameID, *fresh, g.game, newState, out)
	if err != nil {
		return err
	}
	offerWebApp(srv, *webappDir, best, out)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// host prepares the session, the host and the HTTP server on l, and prints
// how to join. It returns the server (not yet serving) and the best URL.
func host(l net.Listener, dir, gameID string, fresh bool, g share.Game, newState func() companion.State, out io.Writer) (*http.Server, string, error) {
	clock := timers.System{}
	store := companion.NewStore(filepath.Join(dir, gameID+".json"))
	var s *companion.Session
	var err error
	if !fresh {
		s, err = companion.Open(store, g.Rules, clock, func(err error) { fmt.Fprintln(out, "could not save:", err) })
		if err != nil {
			fmt.Fprintln(out, err) // an unreadable save was set aside: start anew
		}
	}
	if s == nil {
		s = companion.New(g.Rules, newState(), clock)
		if err := companion.Attach(s, store, func(err error) { fmt.Fprintln(out, "could not save:", err) }); err != nil {
			return nil, "", err
		}
	}
	token, err := share.LoadToken(companion.NewStore(filepath.Join(dir, gameID+".token")), fresh)
	if err != nil {
		return nil, "", err
	}
	srv := share.NewHost(s, g, clock, token).Server()

	p := l.Addr().(*net.TCPAddr).Port
	addrs := share.Addresses()
	best := share.URL(addrs[0], p, token)
	fmt.Fprintf(out, "Sharing %s. Open this on every device at the table:\n\n", gameID)
	for _, a := range addrs {
		fmt.Fprintln(out, "  "+share.URL(a, p, token))
	}
	if qr, err := qrcode.New(best, qrcode.Medium); err == nil {
		fmt.Fprintln(out)
		fmt.Fprint(out, qr.ToSmallString(false))
	}
	fmt.Fprintf(out, "\nA device that cannot open the link can test its connection at http://%s/check.html\n",
		net.JoinHostPort(addrs[0].String(), strconv.Itoa(p)))
	fmt.Fprintln(out, "Press Ctrl+C to stop.")
	return srv, best, nil
}

// offerWebApp serves the web app in dir at /app/ (by default where the
// host finds one) and says where to open it.
func offerWebApp(srv *http.Server, dir, best string, out io.Writer) {
	if dir != "" {
		srv.Handler = webapp.With(srv.Handler, webapp.Handler(dir))
	} else {
		dir = webapp.Find()
	}
	if dir == "" {
		fmt.Fprintln(out, "The full app is not built here: run make web in Boardside's source to serve it at /app/.")
		return
	}
	fmt.Fprintf(out, "The full app, which a phone can keep on its home screen (from %s):\n  %s\n", dir, webapp.URL(best))
}

// gameSetup holds the choices a headless host makes before the start,
// which a table with a window makes on the set-up screen.
type gameSetup struct {
	difficulty *string
	ai         *string
	mission    *int
	solo       *bool
	expert     *bool
	players    *int
	ship       *string
}

func setupFlags(fl *flag.FlagSet) gameSetup {
	return gameSetup{
		difficulty: fl.String("difficulty", "normal", "missioncontrol: easy, normal or hard"),
		ai:         fl.String("ai", "", "missioncontrol: roles the AI deck plays, e.g. houston,cologne"),
		mission:    fl.Int("mission", 1, "marsmaze: mission 1 to 5"),
		solo:       fl.Bool("solo", false, "marsmaze: solo mode"),
		expert:     fl.Bool("expert", false, "marsmaze: the expert rule"),
		players:    fl.Int("players", 4, "adele: 2 to 5 players, ADELE included"),
		ship:       fl.String("ship", "deimos", "adele: deimos or phobos"),
	}
}

// apply makes the choices on a new game's state through its rules, so a
// bad choice is refused as it would be on screen.
func (g gameSetup) apply(st companion.State) error {
	now := companion.Env{Now: time.Now().Round(0)}
	var err error
	switch st := st.(type) {
	case *mc.State:
		var roles []string
		for _, r := range strings.Split(*g.ai, ",") {
			if r = strings.TrimSpace(strings.ToLower(r)); r != "" {
				roles = append(roles, r)
			}
		}
		err = errors.Join(st.Apply(&mc.SetDifficulty{Difficulty: *g.difficulty}, now), st.Apply(&mc.SetAIRoles{Roles: roles}, now))
	case *mm.State:
		err = errors.Join(st.Apply(&mm.ChooseMission{Mission: *g.mission}, now), st.Apply(&mm.SetOptions{Solo: *g.solo, Expert: *g.expert}, now))
	case *adele.State:
		// A laptop has no ADELE console: she keeps hers on paper, and the
		// table's rounds end without waiting for her phase on a device.
		err = st.Apply(&adele.SetUpGame{Players: *g.players, Ship: strings.ToLower(strings.TrimSpace(*g.ship)), PaperConsole: true}, now)
	}
	return err
}

func defaultServeDir() string {
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "boardside", "serve")
	}
	return "boardside-serve"
}
