//go:build !unix

package disk

const readFlags = 0
