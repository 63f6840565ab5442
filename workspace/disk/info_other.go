//go:build !unix

package disk

import "io/fs"

// infoOf converts what os.Stat and friends return; identity and owner are
// not known here.
func infoOf(fi fs.FileInfo) Info {
	return Info{Mode: fi.Mode(), Size: fi.Size(), ModTime: fi.ModTime().UnixNano(), Nlink: 1}
}
