//go:build !race

package toml

// raceEnabled scales down the hostile-input tests under the race detector.
const raceEnabled = false
