//go:build !unix

package main

import "os"

// windowColumns: without a known way to ask, $COLUMNS decides.
func windowColumns(*os.File) int { return 0 }
