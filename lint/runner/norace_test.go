//go:build !race

package runner

// raceEnabled scales down the hostile-input tests under the race detector.
const raceEnabled = false
