//go:build race

package editors

// raceEnabled skips the tests that run no Go code of the product worth
// the race detector's time.
const raceEnabled = true
