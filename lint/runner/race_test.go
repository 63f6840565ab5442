//go:build race

package runner

// raceEnabled scales down the hostile-input tests, which the race detector
// slows tenfold and which have nothing for it to find.
const raceEnabled = true
