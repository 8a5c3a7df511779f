package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"boardside/app/catalog"
	"boardside/app/kit"
	"boardside/companion"
	"boardside/companion/share"
	"boardside/companion/table"
	"boardside/companion/webapp"
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
// table.OfferWebApp).
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
	srv, best, err := table.Host(l, *dataDir, *gameID, *fresh, sharing(g), newState, out)
	if err != nil {
		return err
	}
	table.OfferWebApp(srv, *webappDir, best, out)
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
