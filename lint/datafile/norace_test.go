//go:build !race

package datafile

const raceEnabled = false
