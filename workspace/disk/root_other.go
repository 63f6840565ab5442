//go:build !linux || mips || mipsle || mips64 || mips64le

package disk

func openOps(dir string) (ops, error) { return newRootOps(dir), nil }
