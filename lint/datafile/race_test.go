//go:build race

package datafile

// raceEnabled trims the heaviest tests under the race detector, which
// slows them tenfold and has nothing to find in single-goroutine code.
const raceEnabled = true
