//go:build !race

package runner

// raceEnabled: the race detector instruments allocation, so allocation
// counts are asserted only without it.
const raceEnabled = false
