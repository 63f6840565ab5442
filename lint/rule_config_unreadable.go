package lint

import (
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// config-unreadable has no check of its own: the run that reads configs
// reports it (Unreadable) for each entry it cannot read, and goes on with
// the others.
var ruleConfigUnreadable = register(&Rule{
	ID:       RuleConfigUnreadable,
	Severity: Error,
	Stage:    StageSubmit,
	Summary:  "An entry under configs/ that cannot be read: unreadable, not a regular file, a dangling or looping link, too large, or a link that leaves the workspace.",
	Doc: `Each such entry is one finding with the reason, and every other config is still checked.
A config the osmosis CLI cannot read cannot be submitted. A symlink (to a file or a directory)
whose target is outside the workspace is never followed, so nothing behind it is read or
quoted: a repository under review cannot make the linter print a file of the machine it runs
on. Fix the entry, or leave it out with the ` + "`exclude`" + ` setting.`,
	Workspace: true,
	Unread:    true,
})

// Unreadable is the finding for an entry that cannot be checked; err says
// why (an error of workspace.Snapshot.ReadFile or of the config listing).
// It is nil when the settings turn the rule off.
func Unreadable(path string, err error, settings *Settings) []Finding {
	return fileFinding(ruleConfigUnreadable, path, path+" "+workspace.DescribeError(err)+"; it is not checked", settings)
}

// fileFinding is a finding of rule r on the first position of a file that
// was not read; nil when the settings turn the rule off.
func fileFinding(r *Rule, path, msg string, settings *Settings) []Finding {
	if settings.off(r.ID) {
		return nil
	}
	f := Finding{Path: path, Rule: r.ID, Severity: r.Severity, Stage: r.Stage, Message: msg}
	if sev, ok := settings.severity(r.ID); ok {
		f.Severity = sev
	}
	locate(&f, toml.Parse(nil).Lines)
	fs := []Finding{f}
	redact(fs, nil)
	return fs
}
