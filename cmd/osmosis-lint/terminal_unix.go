//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// windowColumns asks the terminal f for its width (0 when it cannot say).
func windowColumns(f *os.File) int {
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil {
		return 0
	}
	return int(ws.Col)
}
