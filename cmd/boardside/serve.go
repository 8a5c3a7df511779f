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
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/skip2/go-qrcode"

	"boardside/app/catalog"
	"boardside/app/kit"
	"boardside/companion"
	"boardside/companion/plays"
	"boardside/companion/share"
	"boardside/companion/webapp"
	"boardside/timers"
)

// hostable are the games a headless host can serve: those the catalog
// gives a command-line set-up and a way to share.
func hostable() []*kit.Game {
	var out []*kit.Game
	for _, g := range catalog.Games() {
		if g.Host != nil && g.Share != nil {
			out = append(out, g)
		}
	}
	return out
}

// sharing is how a host shares g: its public projection, with its rules.
func sharing(g *kit.Game) share.Game {
	sg := *g.Share
	sg.Rules = g.Rules
	return sg
}

// hostableIDs are their IDs as the command line names them: "a, b or c".
func hostableIDs(sep, last string) string {
	var ids []string
	for _, g := range hostable() {
		ids = append(ids, g.ID)
	}
	if len(ids) < 2 {
		return strings.Join(ids, "")
	}
	return strings.Join(ids[:len(ids)-1], sep) + last + ids[len(ids)-1]
}

// serve hosts one game for the table from a laptop, without a window:
//
//	boardside serve --game GAME [--port 7777] [--data DIR] [--new] [--webapp DIR] [the game's set-up]
//
// It prints the addresses and a QR code of the best one. The game and its
// token are saved in DIR, so a restarted host brings every device back.
// The full web app that `make web` built is served at /app/ (see
// webapp.Handler).
func serve(args []string, out io.Writer) error {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	gameID := fl.String("game", "", "the game to share: "+hostableIDs(", ", " or "))
	port := fl.Int("port", share.DefaultPort, "the port to listen on (a free one if taken)")
	dataDir := fl.String("data", defaultServeDir(), "where the shared game and its token are kept")
	fresh := fl.Bool("new", false, "start a new game instead of resuming the saved one")
	webappDir := fl.String("webapp", "", "the full web app's folder, which make web builds (default: build/web here or beside the program, when there)")
	setUps := setUpFlags(fl)
	if err := parseFlags(fl, "boardside serve --game GAME [flags]", args); err != nil {
		return err
	}
	games := hostable()
	i := slices.IndexFunc(games, func(g *kit.Game) bool { return g.ID == *gameID })
	if i < 0 {
		return fmt.Errorf("choose a game with --game %s", hostableIDs(", ", " or "))
	}
	g := games[i]
	setUp := func(st companion.State) error {
		return setUps[g.ID](st, companion.Env{Now: time.Now().Round(0)})
	}
	if err := setUp(g.NewState()); err != nil { // refuse bad choices before listening
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
		st := g.NewState()
		_ = setUp(st) // checked above
		return st
	}
	srv, best, err := host(l, *dataDir, *gameID, *fresh, sharing(g), newState, out)
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
	book := keepPlays(s, clock, dir, "http://"+net.JoinHostPort(addrs[0].String(), strconv.Itoa(p)), out)
	srv.Handler = withPlayLinks(srv.Handler, book)

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

// keepPlays keeps the table's log of played games in dir (plays.FileName,
// beside the game), as the app keeps its own: the game is recorded the
// moment it ends, whichever device ended it or when its timer ran out,
// and each play recorded, or
// recorded again with other names, is printed with its BG Stats link and
// that link's code, for the phone that has BG Stats. A game that ended
// while serve was stopped is recorded now. A log that cannot be read is
// said so, and the table plays on. base is the host's address, where the
// printed code's short link leads (withPlayLinks).
func keepPlays(s *companion.Session, clock timers.Clock, dir, base string, out io.Writer) *plays.Book {
	log, err := plays.Open(companion.NewStore(filepath.Join(dir, plays.FileName)))
	if err != nil {
		fmt.Fprintln(out, err)
	}
	b := plays.NewBook(log, nil, func(err error) { fmt.Fprintln(out, "could not keep the played game:", err) })
	b.RecordAtEnd, b.Clock = true, clock
	b.OnKept = func(p plays.Play) { printPlay(out, p, dir, base+playLinkPath+p.ID) }
	b.Follow(s)
	return b
}

// playLinkPath is where serve answers a play's short link, the one its
// printed code holds. The BG Stats link carries the whole play, and its
// code was 85 columns wide: wider than a terminal, so it wrapped and could
// not be scanned. The short link (the play's random 128-bit ID at the
// host's address) makes a code about 41 columns wide, and leads to the
// play as it is when scanned, with the names given since.
const playLinkPath = "/bgstats/"

// withPlayLinks answers GET playLinkPath+ID with a redirect to that play's
// BG Stats link, and passes every other request to next.
func withPlayLinks(next http.Handler, book *plays.Book) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, ok := strings.CutPrefix(r.URL.Path, playLinkPath)
		if !ok || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-store") // the names may change
		for _, p := range book.Plays() {
			if p.ID != id {
				continue
			}
			link, err := p.BGStatsURL()
			if err != nil {
				http.Error(w, "This played game cannot go to BG Stats: "+err.Error(), http.StatusInternalServerError)
				return
			}
			http.Redirect(w, r, link, http.StatusFound)
			return
		}
		http.Error(w, "This played game is not kept here: it may have been deleted.", http.StatusNotFound)
	})
}

// printPlay prints a play as it was recorded: the game, its result and
// players, the link that logs it in BG Stats, and a code of short, which
// leads there.
func printPlay(out io.Writer, p plays.Play, dir, short string) {
	var b strings.Builder
	fmt.Fprintf(&b, "\nPlayed %s: %s\n", p.GameName, p.Result)
	if len(p.Players) > 0 {
		var names []string
		for _, pl := range p.Players {
			names = append(names, pl.Name)
		}
		fmt.Fprintf(&b, "Players: %s\n", strings.Join(names, ", "))
	} else {
		fmt.Fprintln(&b, "No names yet: any device at the table can give them.")
	}
	link, err := p.BGStatsURL()
	if err != nil {
		fmt.Fprintf(&b, "No BG Stats link: %v\n", err)
		_, _ = io.WriteString(out, b.String())
		return
	}
	fmt.Fprintf(&b, "Log it in BG Stats: scan this with the phone that has BG Stats, or open %s there\n", short)
	if qr, err := qrcode.New(short, qrcode.Low); err == nil {
		b.WriteString(qr.ToSmallString(false))
	}
	fmt.Fprintf(&b, "The play's BG Stats link itself:\n  %s\n", link)
	fmt.Fprintf(&b, "boardside plays --data %s lists the table's played games.\n", dir)
	_, _ = io.WriteString(out, b.String()) // one write: plays printed at once do not mix
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

// setUpFlags adds every hostable game's set-up to fl, each flag's help
// starting with its game's name, and returns each game's set-up by ID.
func setUpFlags(fl *flag.FlagSet) map[string]func(companion.State, companion.Env) error {
	out := map[string]func(companion.State, companion.Env) error{}
	for _, g := range hostable() {
		seen := map[string]bool{}
		fl.VisitAll(func(f *flag.Flag) { seen[f.Name] = true })
		out[g.ID] = g.Host.Flags(fl)
		fl.VisitAll(func(f *flag.Flag) {
			if !seen[f.Name] {
				f.Usage = g.ID + ": " + f.Usage
			}
		})
	}
	return out
}

func defaultServeDir() string {
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "boardside", "serve")
	}
	return "boardside-serve"
}
