// Package disk is the one door of osmosis-lint to the file system. Every
// other package reads, lists, stats and writes files through it, so what
// the tool can touch is decided here, once:
//
//   - A Root is a workspace directory. Its methods take slash paths
//     relative to it and never leave it: on Linux the kernel enforces that
//     (openat2 with RESOLVE_BENEATH), elsewhere os.Root does. Reads take a
//     path the caller has resolved (workspace.Snapshot resolves symlinks
//     the way the osmosis CLI does, inside the root only) and follow no
//     symlink at all, so a link swapped in after resolving is refused, not
//     followed. Only regular files are read, without blocking on a named
//     pipe or device, up to a size limit; the file's stamp comes from the
//     open file itself.
//   - Writes are atomic (a temporary file in the same directory, then a
//     rename) or create-only (a hard link that fails when the name is
//     taken). Rewrite replaces a file only when it still holds the bytes
//     that were read, is writable by its mode bits, has one link and keeps
//     its owner; the new file keeps its mode.
//   - The few files outside a workspace that are meant (the osmosis CLI's
//     dataset cache under the home directory, git's config files and git
//     directory, a file named on the command line) are read with the Named
//     functions: read-only, regular files only, size-capped.
//   - The repository's own .git directory is read by workspace/gitsync
//     through a Root, so git's files obey the same rules: a symlink, an alternates file or a
//     commondir naming a place outside is refused, not followed.
//   - Output creates a report file named with -o atomically and refuses to
//     replace a symlink or anything but a regular file.
//
// Observe lets a test see every path the door touches.
package disk
