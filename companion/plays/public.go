package plays

// Public is the play a game recorded as every device at the table is
// shown it, in the game's public projection: the play (public facts
// only: the result, the board, the details, the players) and the links
// that log it in BG Stats, made on the host so that a phone's quick
// viewer opens them as they are. A game's projection carries it from
// the moment the game is recorded (Book); a phone that changes the names
// sends the game's RecordPlay, and the links come back with them.
type Public struct {
	Play Play `json:"play"`
	// BGStats is the https link (BGStatsURL), which any phone opens;
	// BGStatsApp the bgstats:// one (BGStatsAppURL), for a phone that
	// is known to have BG Stats.
	BGStats    string `json:"bgStats"`
	BGStatsApp string `json:"bgStatsApp"`
	// Seats is how many players may be named; AllOrNone says the rules
	// take every seat named or none (ADELE), AskAdele that one of them is
	// said to have played ADELE; Named that the game names its players
	// itself (AquaSphere's sheet).
	Seats     int  `json:"seats"`
	AllOrNone bool `json:"allOrNone,omitempty"`
	AskAdele  bool `json:"askAdele,omitempty"`
	Named     bool `json:"named,omitempty"`
}

// PublicOf is the play st recorded as the table sees it, with the seats
// form asks for; nil before the game is recorded.
func PublicOf(st Ended, form Public) *Public {
	p, ok := st.Recorded()
	if !ok {
		return nil
	}
	form.Play = p
	form.BGStats, _ = p.BGStatsURL() // a recorded play has an ID and a game: it has links
	form.BGStatsApp, _ = p.BGStatsAppURL()
	return &form
}
