package aquasphere

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// Sheet is a whole game's score sheet, as the command-line scorer reads it.
type Sheet struct {
	Players []Player    `json:"players"`
	Rounds  [][]Interim `json:"rounds"`          // up to 4, one entry per player each
	Final   []Final     `json:"final,omitempty"` // one entry per player, once the game ends
}

// Player is one seat at the table.
type Player struct {
	Name   string `json:"name"`
	Colour string `json:"colour,omitempty"`
	Start  int    `json:"start,omitempty"` // knowledge points before round 1
}

// Report is a scored sheet: every computed line, round by round.
type Report struct {
	Players []Player          `json:"players"`
	Rounds  [][]InterimResult `json:"rounds"`
	Final   []FinalResult     `json:"final,omitempty"`
}

// ReadSheet decodes and checks a sheet; errors name the field.
func ReadSheet(r io.Reader) (*Sheet, error) {
	b, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var s Sheet
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("the sheet is not valid: %w", err)
	}
	switch {
	case len(s.Players) < 2 || len(s.Players) > 4:
		return nil, fmt.Errorf("players: AquaSphere is for 2 to 4 players, the sheet has %d", len(s.Players))
	case len(s.Rounds) > 4:
		return nil, fmt.Errorf("rounds: there are 4 rounds, the sheet has %d", len(s.Rounds))
	case s.Final != nil && len(s.Final) != len(s.Players):
		return nil, fmt.Errorf("final: needs one entry per player (%d), has %d", len(s.Players), len(s.Final))
	}
	for i, p := range s.Players {
		if p.Name == "" {
			return nil, fmt.Errorf("players[%d].name: every player needs a name", i)
		}
		if p.Start < 0 {
			return nil, fmt.Errorf("players[%d].start cannot be negative", i)
		}
	}
	for r, round := range s.Rounds {
		if len(round) != len(s.Players) {
			return nil, fmt.Errorf("rounds[%d]: needs one entry per player (%d), has %d", r, len(s.Players), len(round))
		}
	}
	return &s, nil
}

// Score scores the sheet round by round, carrying each player's knowledge
// points forward, then the final scoring if the sheet has one.
func (d *Data) Score(s *Sheet) (*Report, error) {
	rep := &Report{Players: s.Players}
	pos := make([]int, len(s.Players))
	for i, p := range s.Players {
		pos[i] = p.Start
	}
	for r, round := range s.Rounds {
		res, err := d.ScoreInterim(pos, round)
		if err != nil {
			return nil, fmt.Errorf("rounds[%d]: %w", r, err)
		}
		for i := range res {
			pos[i] = res[i].To
		}
		rep.Rounds = append(rep.Rounds, res)
	}
	if s.Final != nil {
		res, err := d.ScoreFinal(pos, s.Final)
		if err != nil {
			return nil, fmt.Errorf("final: %w", err)
		}
		rep.Final = res
	}
	return rep, nil
}

// WriteText prints a report for people: every line, then the ranking.
// Each round says the points the player kept, made of parts that add up
// to them; time markers, which are no knowledge points, stand apart. The
// ranking gives each total with what it is made of, as the sheet's bars do.
func (rep *Report) WriteText(w io.Writer) {
	for r, round := range rep.Rounds {
		fmt.Fprintf(w, "Interim scoring %d\n", r+1)
		for i, x := range round {
			p := x.Parts()
			fmt.Fprintf(w, "  %-10s %s (majority %d, supply %d, crystals %d, octopods %d", rep.Players[i].Name,
				count(x.Kept(), "point"), p.Majority, p.Supply, p.Crystals, p.Octopods)
			if p.RedLines != 0 {
				fmt.Fprintf(w, ", red lines %d", p.RedLines)
			}
			fmt.Fprintf(w, ") | %d → %d", x.From, x.To)
			for _, l := range x.RedLines {
				fmt.Fprintf(w, " | red line at %d: %s", l.At, l.Way)
			}
			if x.Held() > 0 {
				fmt.Fprintf(w, " | goes back no further than %d: octopods took %d of %d", x.To, -p.Octopods, -x.Octopods)
			}
			if x.TimeMarkers > 0 {
				fmt.Fprintf(w, " | +%s", count(x.TimeMarkers, "time marker"))
			}
			fmt.Fprintln(w)
		}
	}
	if rep.Final == nil {
		return
	}
	fmt.Fprintln(w, "Final scoring")
	for i, x := range rep.Final {
		fmt.Fprintf(w, "  %-10s letters %+d, time markers %+d, submarines %+d, extensions %+d | %d → %d\n",
			rep.Players[i].Name, x.Letters, x.TimeMarkers, x.Submarines, x.Extensions, x.From, x.To)
	}
	fmt.Fprintln(w, "Ranking")
	for place := 1; place <= len(rep.Final); place++ {
		for i, x := range rep.Final {
			if x.Place != place {
				continue
			}
			fmt.Fprintf(w, "  %d. %s, %s", place, rep.Players[i].Name, count(x.To, "knowledge point"))
			if b := rep.Breakdown(i); b.Octopods != 0 || b.RedLines != 0 {
				fmt.Fprintf(w, " (%d gained", b.Gained())
				if b.Octopods != 0 {
					fmt.Fprintf(w, ", %d by octopods", b.Octopods)
				}
				if b.RedLines != 0 {
					fmt.Fprintf(w, ", %d stopped at red lines", b.RedLines)
				}
				fmt.Fprint(w, ")")
			}
			fmt.Fprintln(w)
		}
	}
}

// count writes n things in English: "1 point", "-1 point", "3 points".
func count(n int, thing string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, thing)
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
