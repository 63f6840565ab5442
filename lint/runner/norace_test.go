//go:build !race

package runner

// raceEnabled: the race detector slows the hostile-input tests tenfold
// (they are scaled down under it) and instruments allocation (allocation
// counts are asserted only without it).
const raceEnabled = false
