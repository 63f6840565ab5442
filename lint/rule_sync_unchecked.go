package lint

// sync-unchecked is a doctor rule: it looks at the workspace, not at one
// config. Checked in lint/doctor by `(*run).unchecked` (sync.go), which says
// once that the sync with origin could not be checked. Declared here, in the
// catalogue lint/doctor reports through, so that `rules`, `explain`,
// RULES.md, the settings, the LSP and MCP know it.
var (
	ruleSyncUnchecked = Rule{
		ID: RuleSyncUnchecked, Severity: Info, Stage: StageSync, Doctor: true,
		Summary: "Sync with origin could not be checked: nothing pushed is known, or git's files could not be read.",
		Doc: `The sync rules compare the rollouts with what origin has, as the last fetch recorded it. When
the repository has no remote-tracking ref of origin, nothing is known of what was pushed; when its
files cannot be read (a corrupt pack, a loop of refs, an object over the size bound, alternates or
a git directory outside the workspace, which are not followed), nothing is checked. doctor says
so once; check stays quiet.`,
	}
)

var _ = register(&ruleSyncUnchecked)
