//go:build race

package python

// raceEnabled samples the corpora as -short does: the reader runs on one
// goroutine, and the race detector has nothing to find in them.
const raceEnabled = true
