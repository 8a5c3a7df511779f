//go:build !race

package apptest

// raceDetector: the tests run under -race (see CheckLayout).
const raceDetector = false
