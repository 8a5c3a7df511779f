// Package table hosts one game for the table from a laptop, without a
// window, as `boardside serve` does: the session kept in a folder with its
// access token, the host on the local network (companion/share), the
// table's played games kept and printed with their BG Stats links, and the
// full web app at /app/ where `make web` built it. It never imports Fyne:
// the command (cmd/boardside) picks the game and its set-up, and the
// browser tests (e2e) start the same host.
package table

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/skip2/go-qrcode"

	"boardside/companion"
	"boardside/companion/plays"
	"boardside/companion/share"
	"boardside/companion/webapp"
	"boardside/timers"
)

// Host prepares the session, the host and the HTTP server on l, and prints
// to out how to join. The game and its token are kept in dir (GAMEID.json,
// GAMEID.token), so a restarted host brings every device back; fresh starts
// a new game from newState instead of resuming the saved one, with a new
// token. It returns the server (not yet serving) and the best URL.
func Host(l net.Listener, dir, gameID string, fresh bool, g share.Game, newState func() companion.State, out io.Writer) (*http.Server, string, error) {
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
	srv := share.NewServer(share.NewHost(s, g, clock, token))
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
// while the host was stopped is recorded now. A log that cannot be read is
// said so, and the table plays on. base is the host's address, where the
// printed code's short link leads (withPlayLinks).
func keepPlays(s *companion.Session, clock timers.Clock, dir, base string, out io.Writer) *plays.Book {
	log, err := plays.Open(companion.NewStore(filepath.Join(dir, plays.FileName)))
	if err != nil {
		fmt.Fprintln(out, err)
	}
	b := plays.NewBook(log, nil, func(err error) { fmt.Fprintln(out, "could not keep the played game:", err) })
	b.RecordAtEnd, b.Clock = true, clock
	b.OnKept = func(p plays.Play) { printPlay(out, p, dir, base+PlayLinkPath+p.ID) }
	b.Follow(s)
	return b
}

// PlayLinkPath is where the host answers a play's short link, the one its
// printed code holds. The BG Stats link carries the whole play, and its
// code was 85 columns wide: wider than a terminal, so it wrapped and could
// not be scanned. The short link (the play's random 128-bit ID at the
// host's address) makes a code about 41 columns wide, and leads to the
// play as it is when scanned, with the names given since.
const PlayLinkPath = "/bgstats/"

// withPlayLinks answers GET PlayLinkPath+ID with a redirect to that play's
// BG Stats link, and passes every other request to next.
func withPlayLinks(next http.Handler, book *plays.Book) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, ok := strings.CutPrefix(r.URL.Path, PlayLinkPath)
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

// OfferWebApp serves the web app in dir at /app/ (by default where the
// host finds one) and says where to open it.
func OfferWebApp(srv *http.Server, dir, best string, out io.Writer) {
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
