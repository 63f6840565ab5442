package main

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/osmosis-lint/osmosis-lint/lint/agentskill"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

func initSkillCommand(fs *flag.FlagSet) runFunc {
	root := fs.String("workspace", "", "use `DIR` as the workspace root instead of the enclosing git repository")
	return func(env *cmdEnv, pos []string) (int, error) { return runInitSkill(env, pos, *root) }
}

func runInitSkill(env *cmdEnv, pos []string, root string) (int, error) {
	if len(pos) > 1 {
		return 0, &usageErr{err: errors.New("init-skill takes one directory"), showUsage: true}
	}
	dir := "."
	if len(pos) == 1 {
		dir = pos[0]
	}
	top, err := initSkillRoot(dir, root)
	if err != nil {
		return 0, err
	}
	created, err := agentskill.Install(top)
	for _, c := range created {
		fmt.Fprintf(env.stdout, "created %s\n", escape.String(c))
	}
	if errors.Is(err, agentskill.ErrExists) {
		fmt.Fprintf(env.stderr, "osmosis-lint init-skill: %s\n", escape.String(err.Error()))
		return exitErrors, nil
	}
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(env.stdout, "Agents that read .agents/skills (and Claude Code, through .claude/skills) now find the %s skill in %s.\n", agentskill.Name, escape.String(top))
	return exitOK, nil
}

// initSkillRoot is the workspace init-skill installs in: --workspace,
// else the one workspace.Root finds (as doctor, which checks the skill's
// link, finds it), in a git worktree only. The workspace is found from
// the directory's real location and named by it: a directory reached
// through a link that leaves one workspace is in another, and the message
// says which.
func initSkillRoot(dir, given string) (string, error) {
	if real, err := disk.ResolveNamed(dir); err == nil {
		dir = real
	}
	top := given
	if top != "" {
		if real, err := disk.ResolveNamed(top); err == nil {
			top = real
		}
	} else {
		found, err := workspace.Root(dir)
		if err != nil || found.GitRoot == "" {
			return "", fmt.Errorf("%s is not in an Osmosis workspace (no enclosing git repository); pass --workspace DIR", dir)
		}
		top = found.Root
	}
	return filepath.Abs(top)
}
