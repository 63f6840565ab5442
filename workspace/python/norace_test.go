//go:build !race

package python

// raceEnabled samples the corpora under the race detector.
const raceEnabled = false
