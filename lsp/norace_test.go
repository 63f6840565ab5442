//go:build !race

package lsp

// raceEnabled scales down the tests that are slow under the race detector.
const raceEnabled = false
