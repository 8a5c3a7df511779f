package plays

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
)

// BG Stats (3.3.2 or later) takes a play from another app as a link to
// createPlay.html whose data parameter is the play's JSON, URL-encoded:
// over https (a browser hands it to the app) or the app's own scheme.
const (
	bgStatsWebPage = "https://app.bgstatsapp.com/createPlay.html?data="
	bgStatsAppPage = "bgstats://app.bgstatsapp.com/createPlay.html?data="
	// bgStatsSource names Boardside to BG Stats, which remembers how a
	// source's games and players match its own by this name and their
	// source IDs: it must never change.
	bgStatsSource = "Boardside"
)

// bgStatsPlay is a play as BG Stats takes it; empty optional fields are
// left out.
type bgStatsPlay struct {
	SourceName   string          `json:"sourceName"`
	SourcePlayID string          `json:"sourcePlayId"`
	PlayDate     string          `json:"playDate"` // "2006-01-02 15:04:05" in UTC
	DurationMin  int             `json:"durationMin,omitempty"`
	Comments     string          `json:"comments,omitempty"`
	Board        string          `json:"board,omitempty"`
	Location     string          `json:"location,omitempty"`
	Game         bgStatsGame     `json:"game"`
	Players      []bgStatsPlayer `json:"players"`
}

type bgStatsGame struct {
	Name         string `json:"name"`
	BGGID        int    `json:"bggId,omitempty"`
	SourceGameID string `json:"sourceGameId"`
	HighestWins  bool   `json:"highestWins,omitempty"`
	NoPoints     bool   `json:"noPoints,omitempty"`
}

type bgStatsPlayer struct {
	Name           string `json:"name"`
	SourcePlayerID string `json:"sourcePlayerId"`
	Score          *int   `json:"score,omitempty"`
	Winner         bool   `json:"winner"`
	Rank           int    `json:"rank,omitempty"`
	StartPlayer    bool   `json:"startPlayer,omitempty"`
	Role           string `json:"role,omitempty"`
}

// BGStats returns the play as the JSON BG Stats takes. A co-operative game
// (or one where no player has a score) is sent with noPoints, and in a
// co-operative game every player has won or lost with the table, with no
// score or rank; any other game is sent with highestWins. The comments
// are the result, the details one a line ("Mission: 4"), then the play's
// own comments. A player's sourcePlayerId is their name in lower case, so
// BG Stats matches the same name to the same player every time.
func (p Play) BGStats() ([]byte, error) {
	if err := check(p); err != nil {
		return nil, err
	}
	noPoints := true
	for _, pl := range p.Players {
		if pl.Score != nil {
			noPoints = false
		}
	}
	noPoints = noPoints || p.Cooperative
	b := bgStatsPlay{
		SourceName:   bgStatsSource,
		SourcePlayID: p.ID,
		// In UTC, as BG Stats reads it (and as the apps that send it
		// plays write it): local time would move a play by the
		// device's offset.
		PlayDate:    p.date().UTC().Format("2006-01-02 15:04:05"),
		DurationMin: p.minutes(),
		Comments:    p.commentsInWords(),
		Board:       p.Board,
		Location:    p.Location,
		Game: bgStatsGame{
			Name:         p.name(),
			BGGID:        p.BGGID,
			SourceGameID: p.Game,
			HighestWins:  !noPoints,
			NoPoints:     noPoints,
		},
		Players: make([]bgStatsPlayer, len(p.Players)),
	}
	for i, pl := range p.Players {
		bp := bgStatsPlayer{
			Name:           pl.Name,
			SourcePlayerID: strings.ToLower(strings.TrimSpace(pl.Name)),
			Score:          pl.Score,
			Winner:         pl.Winner,
			Rank:           pl.Rank,
			StartPlayer:    pl.StartPlayer,
			Role:           pl.Role,
		}
		if p.Cooperative {
			bp.Score, bp.Rank, bp.Winner = nil, 0, p.Won
		}
		b.Players[i] = bp
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false) // "<" as itself keeps the link short; it is URL-encoded anyway
	if err := enc.Encode(b); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

// commentsInWords is the result, each detail on a line of its own, then
// the play's comments.
func (p Play) commentsInWords() string {
	var lines []string
	if p.Result != "" {
		lines = append(lines, p.Result)
	}
	for _, d := range p.Details {
		lines = append(lines, d.Label+": "+d.Value)
	}
	if p.Comments != "" {
		lines = append(lines, p.Comments)
	}
	return strings.Join(lines, "\n")
}

// BGStatsURL returns the https link that opens BG Stats with the play
// filled in: https://app.bgstatsapp.com/createPlay.html?data=<its JSON,
// URL-encoded>.
func (p Play) BGStatsURL() (string, error) { return p.bgStatsLink(bgStatsWebPage) }

// BGStatsAppURL returns the same link with BG Stats' own scheme,
// bgstats://app.bgstatsapp.com/createPlay.html?data=…, which opens the app
// without a browser on a device that has it.
func (p Play) BGStatsAppURL() (string, error) { return p.bgStatsLink(bgStatsAppPage) }

func (p Play) bgStatsLink(page string) (string, error) {
	data, err := p.BGStats()
	if err != nil {
		return "", err
	}
	return page + encodeURIComponent(string(data)), nil
}

// encodeURIComponent escapes s for a query value so that it reads back the
// same whether the page decodes it as a form value (where "+" is a space)
// or with JavaScript's decodeURIComponent (where it is a "+"): a space is
// %20, never "+".
func encodeURIComponent(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}
