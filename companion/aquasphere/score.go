package aquasphere

import (
	"fmt"
	"slices"
)

// Triangle is T(n) = 1 + 2 + … + n.
func Triangle(n int) int { return n * (n + 1) / 2 }

// Interim is one player's entries for an interim scoring.
type Interim struct {
	Submarines     int   `json:"submarines"`     // own submarines in the station
	ControlBots    int   `json:"controlBots"`    // bots on control fields, for the majority
	FreeNumber     int   `json:"freeNumber"`     // largest free number of the bot supply whose column has no submarine
	Crystals       int   `json:"crystals"`       // crystals held
	ProgrammedBots int   `json:"programmedBots"` // bots programmed on the tableau
	Octopods       []int `json:"octopods"`       // per sector with an own bot on its control field: octopods left there
}

// Payment says how one red line was crossed (or not).
type Payment string

// Ways past a red line.
const (
	PaidCrystal Payment = "crystal"
	PaidBot     Payment = "bot"     // a programmed bot went back, no time markers for it
	Stopped     Payment = "stopped" // neither: the counter stops before the line
)

// RedLine is a red line the counter reached: At is the first field past it.
type RedLine struct {
	At  int     `json:"at"`
	Way Payment `json:"way"`
}

// InterimResult is every computed line of one player's interim scoring.
type InterimResult struct {
	TimeMarkers int       `json:"timeMarkers"`
	Majority    int       `json:"majority"`
	FreeNumber  int       `json:"freeNumber"`
	Crystals    int       `json:"crystals"`
	Octopods    int       `json:"octopods"` // ≤ 0
	Points      int       `json:"points"`   // the sum, before the counter moves
	From        int       `json:"from"`     // knowledge points before
	To          int       `json:"to"`       // and after (laps included)
	RedLines    []RedLine `json:"redLines,omitempty"`
	// What the player has left after paying for red lines.
	CrystalsLeft       int `json:"crystalsLeft"`
	ProgrammedBotsLeft int `json:"programmedBotsLeft"`
}

// checkInterim refuses impossible entries, naming the player and field.
func checkInterim(i int, e Interim) error {
	p := fmt.Sprintf("player %d", i+1)
	for name, v := range map[string]int{"submarines": e.Submarines, "controlBots": e.ControlBots, "freeNumber": e.FreeNumber,
		"crystals": e.Crystals, "programmedBots": e.ProgrammedBots} {
		if v < 0 {
			return fmt.Errorf("%s: %s cannot be negative", p, name)
		}
	}
	if len(e.Octopods) > 6 {
		return fmt.Errorf("%s: octopods: there are only 6 sectors", p)
	}
	for _, o := range e.Octopods {
		if o < 0 {
			return fmt.Errorf("%s: octopods cannot be negative", p)
		}
	}
	return nil
}

// ScoreInterim scores one interim scoring for all players: from holds each
// player's knowledge points before it.
func (d *Data) ScoreInterim(from []int, entries []Interim) ([]InterimResult, error) {
	if len(from) != len(entries) {
		return nil, fmt.Errorf("%d players but %d entries", len(from), len(entries))
	}
	most := 0
	for i, e := range entries {
		if err := checkInterim(i, e); err != nil {
			return nil, err
		}
		most = max(most, e.ControlBots)
	}
	holders := 0
	for _, e := range entries {
		if most > 0 && e.ControlBots == most {
			holders++
		}
	}
	out := make([]InterimResult, len(entries))
	for i, e := range entries {
		r := InterimResult{TimeMarkers: e.Submarines, FreeNumber: e.FreeNumber, Crystals: Triangle(min(e.Crystals, 6)), From: from[i]}
		if most > 0 && e.ControlBots == most {
			r.Majority = d.Majority.Sole
			if holders > 1 {
				r.Majority = d.Majority.Tied
			}
		}
		for _, o := range e.Octopods {
			r.Octopods -= Triangle(min(o, 6))
		}
		// Summed first, then the counter moves.
		r.Points = r.Majority + r.FreeNumber + r.Crystals + r.Octopods
		r.To, r.RedLines, r.CrystalsLeft, r.ProgrammedBotsLeft = d.move(from[i], r.Points, e.Crystals, e.ProgrammedBots)
		out[i] = r
	}
	return out, nil
}

// move moves a counter by points, paying for each red line crossed.
func (d *Data) move(from, points, crystals, bots int) (to int, lines []RedLine, crystalsLeft, botsLeft int) {
	if points < 0 {
		// Never back behind the previous red line (nor below zero).
		return max(from+points, d.lineAtOrBefore(from), 0), nil, crystals, bots
	}
	to = from + points
	for _, at := range d.linesBetween(from, to) {
		switch {
		case crystals > 0:
			crystals--
			lines = append(lines, RedLine{At: at, Way: PaidCrystal})
		case bots > 0:
			bots--
			lines = append(lines, RedLine{At: at, Way: PaidBot})
		default:
			lines = append(lines, RedLine{At: at, Way: Stopped})
			return at - 1, lines, crystals, bots
		}
	}
	return to, lines, crystals, bots
}

// linesBetween lists the red lines a counter passes moving from a to b
// (a < line field ≤ b), in order, over as many laps as it takes.
func (d *Data) linesBetween(a, b int) []int {
	var out []int
	lap := d.Track.Lap
	for base := (a / lap) * lap; base <= b; base += lap {
		for _, r := range d.Track.RedLines {
			if at := base + r; at > a && at <= b {
				out = append(out, at)
			}
		}
	}
	return out
}

// lineAtOrBefore is the first field past the last red line at or before p.
func (d *Data) lineAtOrBefore(p int) int {
	best := 0
	lap := d.Track.Lap
	for base := 0; base <= p; base += lap {
		for _, r := range d.Track.RedLines {
			if at := base + r; at <= p {
				best = max(best, at)
			}
		}
	}
	return best
}

// Final is one player's entries for the final scoring.
type Final struct {
	Letters        int  `json:"letters"`        // distinct letters in the lab
	TimeMarkers    int  `json:"timeMarkers"`    // in the own supply
	AllSubmarines  bool `json:"allSubmarines"`  // all 6 submarines placed
	FiveExtensions bool `json:"fiveExtensions"` // the lab has 5 extensions
	ControlFields  int  `json:"controlFields"`  // occupied control fields, the first tie-break
	Crystals       int  `json:"crystals"`       // crystals held, the second tie-break
}

// FinalResult is every line of one player's final scoring and the place.
type FinalResult struct {
	Letters     int `json:"letters"`
	TimeMarkers int `json:"timeMarkers"`
	Submarines  int `json:"submarines"`
	Extensions  int `json:"extensions"`
	From        int `json:"from"`
	To          int `json:"to"` // final knowledge points: no red-line costs
	Place       int `json:"place"`
}

// ScoreFinal scores the final scoring and ranks the players: most
// knowledge points, then more occupied control fields, then more
// crystals; players still tied share the place.
func (d *Data) ScoreFinal(from []int, entries []Final) ([]FinalResult, error) {
	if len(from) != len(entries) {
		return nil, fmt.Errorf("%d players but %d entries", len(from), len(entries))
	}
	out := make([]FinalResult, len(entries))
	for i, e := range entries {
		if e.Letters < 0 || e.TimeMarkers < 0 || e.ControlFields < 0 || e.Crystals < 0 {
			return nil, fmt.Errorf("player %d: final entries cannot be negative", i+1)
		}
		r := FinalResult{Letters: Triangle(e.Letters), TimeMarkers: e.TimeMarkers, From: from[i]}
		if e.AllSubmarines {
			r.Submarines = d.Final.AllSubmarines
		}
		if e.FiveExtensions {
			r.Extensions = d.Final.FiveExtensions
		}
		r.To = r.From + r.Letters + r.TimeMarkers + r.Submarines + r.Extensions
		out[i] = r
	}
	type key struct{ wp, fields, crystals int }
	keys := make([]key, len(entries))
	for i, e := range entries {
		keys[i] = key{out[i].To, e.ControlFields, e.Crystals}
	}
	order := make([]int, len(entries))
	for i := range order {
		order[i] = i
	}
	better := func(a, b key) int {
		for _, c := range [][2]int{{a.wp, b.wp}, {a.fields, b.fields}, {a.crystals, b.crystals}} {
			if c[0] != c[1] {
				return c[1] - c[0]
			}
		}
		return 0
	}
	slices.SortStableFunc(order, func(a, b int) int { return better(keys[a], keys[b]) })
	for pos, i := range order {
		out[i].Place = pos + 1
		if pos > 0 && better(keys[order[pos-1]], keys[i]) == 0 {
			out[i].Place = out[order[pos-1]].Place
		}
	}
	return out, nil
}
