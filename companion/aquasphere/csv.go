package aquasphere

import (
	"encoding/csv"
	"io"
	"strconv"

	"boardside/companion"
)

// WriteCSV writes a report as one row per player and scoring, every
// computed line in its own column, for a spreadsheet. "points" is a
// round's sum before the counter moved, "kept" what it moved: the kept
// column adds up to each player's total.
func (rep *Report) WriteCSV(w io.Writer) error {
	c := csv.NewWriter(w)
	rows := [][]string{{"player", "scoring", "time markers", "majority", "supply", "crystals", "octopods",
		"letters", "submarines", "extensions", "points", "kept", "from", "to", "red lines", "place"}}
	itoa := strconv.Itoa
	for r, round := range rep.Rounds {
		for i, x := range round {
			lines := ""
			for j, l := range x.RedLines {
				if j > 0 {
					lines += " "
				}
				lines += itoa(l.At) + ":" + string(l.Way)
			}
			rows = append(rows, []string{companion.CSVCell(rep.Players[i].Name), "interim " + itoa(r+1), itoa(x.TimeMarkers), itoa(x.Majority),
				itoa(x.FreeNumber), itoa(x.Crystals), itoa(x.Octopods), "", "", "", itoa(x.Points), itoa(x.Kept()), itoa(x.From), itoa(x.To), lines, ""})
		}
	}
	for i, x := range rep.Final {
		rows = append(rows, []string{companion.CSVCell(rep.Players[i].Name), "final", itoa(x.TimeMarkers), "", "", "", "", itoa(x.Letters),
			itoa(x.Submarines), itoa(x.Extensions), itoa(x.To - x.From), itoa(x.To - x.From), itoa(x.From), itoa(x.To), "", itoa(x.Place)})
	}
	if err := c.WriteAll(rows); err != nil {
		return err
	}
	return c.Error()
}
