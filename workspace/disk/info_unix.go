//go:build unix

package disk

import (
	"io/fs"
	"syscall"
)

// infoOf converts what os.Stat and friends return.
func infoOf(fi fs.FileInfo) Info {
	i := Info{Mode: fi.Mode(), Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		i.Dev, i.Ino, i.Nlink = uint64(st.Dev), uint64(st.Ino), uint64(st.Nlink)
		i.Uid, i.Gid, i.Owned = st.Uid, st.Gid, true
	}
	return i
}
