//go:build !race

package lint

// raceEnabled scales down the hostile-input tests under the race detector.
const raceEnabled = false
