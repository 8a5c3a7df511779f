package aquasphere

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// Finished is one finished game in the history of a device.
type Finished struct {
	ID      string        `json:"id"` // the game's start, to keep one entry per game
	Date    time.Time     `json:"date"`
	Players []FinalPlayer `json:"players"`
}

// FinalPlayer is a player's result in a finished game.
type FinalPlayer struct {
	Name   string `json:"name"`
	Points int    `json:"points"`
	Place  int    `json:"place"`
}

// History is the finished games, newest first.
type History struct {
	Games []Finished `json:"games"`
}

// ParseHistory reads a history file; an empty file is an empty history.
func ParseHistory(b []byte) (*History, error) {
	h := &History{}
	if len(b) == 0 {
		return h, nil
	}
	if err := json.Unmarshal(b, h); err != nil {
		return nil, fmt.Errorf("the history of finished games cannot be read: %w", err)
	}
	return h, nil
}

// Record puts a finished game in the history (replacing an earlier entry
// for the same game, as after an undo and a new final scoring). It
// reports whether the history changed.
func (h *History) Record(id string, date time.Time, rep *Report) bool {
	if rep.Final == nil {
		return h.Forget(id)
	}
	f := Finished{ID: id, Date: date}
	for i, x := range rep.Final {
		f.Players = append(f.Players, FinalPlayer{Name: rep.Players[i].Name, Points: x.To, Place: x.Place})
	}
	if i := slices.IndexFunc(h.Games, func(g Finished) bool { return g.ID == id }); i >= 0 {
		same, _ := json.Marshal(h.Games[i].Players)
		now, _ := json.Marshal(f.Players)
		if string(same) == string(now) {
			return false
		}
		h.Games[i] = f
		return true
	}
	h.Games = append([]Finished{f}, h.Games...)
	return true
}

// Forget removes a game whose final scoring was undone.
func (h *History) Forget(id string) bool {
	n := len(h.Games)
	h.Games = slices.DeleteFunc(h.Games, func(g Finished) bool { return g.ID == id })
	return len(h.Games) != n
}
