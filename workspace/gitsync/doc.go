// Package gitsync reads a workspace's git repository as data (refs, loose
// and packed objects, the index, with small bounded readers of git's
// formats) to tell what the platform will run: the pushed commit, not the working
// tree. It answers, per rollout, which files are not committed, which
// commits are not pushed, whether the branch or pinned commit a config
// names is on origin, and whether origin's default branch holds the same
// rollout as the checkout.
//
// Git is never run: a repository's config can make git run programs
// (core.fsmonitor, hooks), and CI checks out strangers' pull requests. Every
// git file is read through the workspace's filesystem door (see doorFS), so
// nothing outside the workspace's .git directory is opened: alternates, a
// `commondir` or a `gitdir` file naming another place are reported, not
// followed. The work is bounded by counts (commits walked, object sizes,
// tree entries), and a repository that cannot be read (a corrupt pack, a
// loop of refs, a huge object) makes the answer "not checked", never a
// crash or a hang.
package gitsync
