// Package workspace is the file-system model of an Osmosis workspace
// repository: the git worktree whose rollouts/, configs/ and data/ the
// Osmosis platform trains and evaluates from. It knows files and git
// metadata, nothing about editors or lint rules.
//
// Root locates the workspace of a path without running git, by the one
// policy every door uses (see Root; FindBelow lists the workspaces below
// a folder). Load reads it once into an immutable Snapshot:
//
//   - the scaffold doctor checks (required directories, agent files),
//     in the osmosis CLI's order;
//   - rollouts/<name>/ directories with their files and .py entrypoint
//     candidates, bounded and without virtual environments;
//   - every *.toml under configs/ with its kind (training, eval,
//     benchmark) or a wrong location;
//   - data/ files, and the dataset names known from, strongest first, a
//     saved platform dataset list, the CLI's local cache and data/ stems;
//   - base model names (built in, settings, options);
//   - the [tool.osmosis-lint] settings of the root pyproject.toml;
//   - the origin remote's GitHub identity, read from git config files;
//   - root .env files with their .gitignore and git index status;
//   - agent skills and their .claude/skills links;
//   - on first use, the repository as sync sees it (package gitsync,
//     through the filesystem door): per rollout, files not
//     committed and commits not pushed; the branches and commits origin
//     has, as of the last fetch.
//
// Paths given by configs are resolved with Resolve, ResolveRolloutPath and
// ConfigKind: component by component like the OS, following symlinks only
// while they stay inside the workspace root. A path that leaves the root
// is reported as escaping and is never read or followed.
//
// Snapshot.Apply takes file-system changes (as an editor's file watcher
// reports them) and returns a new snapshot that re-reads only what those
// paths affect and shares the rest. Snapshots are never modified, so
// readers need no locks.
package workspace
