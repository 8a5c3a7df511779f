// Package decks holds Boardside's card decks, bags and the seeded random
// generator behind them. Every type here is plain data that survives a JSON
// round trip with its generator state, so undo and restore never re-roll.
//
// The package knows no game and imports no UI toolkit.
package decks
