package aquasphere

// Kept is what an interim scoring moved the player's counter: the points
// the player kept once the red lines had their say. It can be below zero
// (octopods) and differ from Points, the sum before the counter moved.
func (x InterimResult) Kept() int { return x.To - x.From }

// Held is how many of a negative sum's points the counter did not lose
// because it never goes back behind the previous red line (nor below 0);
// 0 when the sum was not negative or the counter could go all the way.
func (x InterimResult) Held() int {
	if x.Points >= 0 {
		return 0
	}
	return x.Kept() - x.Points
}

// Breakdown is a player's knowledge points by where they came from. The
// parts add up to the points the player has: what octopods took and what
// the red lines stopped count against what was gained, so the sum is what
// the counter shows, and after the final scoring the ranking's total.
type Breakdown struct {
	Start    int `json:"start"` // knowledge points before round 1
	Majority int `json:"majority"`
	Supply   int `json:"supply"`
	Crystals int `json:"crystals"`
	Final    int `json:"final"` // the final scoring: letters, time markers, submarines, extensions
	// Octopods (≤ 0) is what octopods took: all of their cost, or, when a
	// round's sum was negative, only what the counter went back.
	Octopods int `json:"octopods"`
	// RedLines (≤ 0) is what the red lines stopped: points of a round the
	// counter could not move because a line it could not pay for was in the way.
	RedLines int `json:"redLines"`
}

// Gained is the start and what the player scored, before octopods and red
// lines took any.
func (b Breakdown) Gained() int { return b.Start + b.Majority + b.Supply + b.Crystals + b.Final }

// Total is the points the player kept: what the counter shows.
func (b Breakdown) Total() int { return b.Gained() + b.Octopods + b.RedLines }

// Parts is one interim scoring of one player as a breakdown: its gains,
// what octopods took and what the red lines stopped, adding up to Kept.
func (x InterimResult) Parts() Breakdown {
	b := Breakdown{Majority: x.Majority, Supply: x.FreeNumber, Crystals: x.Crystals, Octopods: x.Octopods}
	if x.Points >= 0 {
		b.RedLines = x.Kept() - x.Points // a line stopped the counter: ≤ 0
	} else {
		b.Octopods += x.Held() // the counter went back less than the octopods cost
	}
	return b
}

// Breakdown sums a player's knowledge points by where they came from, for
// the bars on the sheet: the start, every interim scoring's parts and the
// final scoring. Its Total is the player's points on the track, and after
// the final scoring the total the ranking shows.
func (rep *Report) Breakdown(player int) Breakdown {
	b := Breakdown{Start: rep.Players[player].Start}
	for _, round := range rep.Rounds {
		p := round[player].Parts()
		b.Majority += p.Majority
		b.Supply += p.Supply
		b.Crystals += p.Crystals
		b.Octopods += p.Octopods
		b.RedLines += p.RedLines
	}
	if rep.Final != nil {
		b.Final = rep.Final[player].To - rep.Final[player].From
	}
	return b
}

// Winners are the players in first place once the final scoring is in
// (more than one when they share it), in seat order; none before.
func (rep *Report) Winners() []int {
	var out []int
	for i, x := range rep.Final {
		if x.Place == 1 {
			out = append(out, i)
		}
	}
	return out
}
