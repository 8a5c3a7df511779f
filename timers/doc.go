// Package timers holds Boardside's clocks and timers: countdowns, sand timers
// and stopwatches kept as wall-clock deadlines, never as tick counters.
//
// Everything here takes a Clock, so tests drive a Fake clock and never sleep.
// The package knows no game and imports no UI toolkit.
package timers
