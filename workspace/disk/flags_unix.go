//go:build unix

package disk

import "syscall"

// readFlags open a file for reading without blocking on a named pipe or a
// device and without making a terminal the controlling one.
const readFlags = syscall.O_NONBLOCK | syscall.O_NOCTTY
