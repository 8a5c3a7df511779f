//go:build !everyframe

package kit

// everyFrame is false in every real build. The everyframe tag builds the
// wasteful variant that bench/cpubench compares against: digits redrawn and
// the screen woken 60 times a second whether or not anything changed.
const everyFrame = false
