//go:build !race

package editors

const raceEnabled = false
