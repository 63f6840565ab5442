package lint

import (
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// InputFor builds the check input of the file at abs, shown as display, in
// workspace ws (nil outside one). kind forces the config kind; "" finds it
// from where the file is. It reports false when the kind cannot be told.
func InputFor(abs, display string, ws *Workspace, kind schema.Kind) (Input, bool) {
	return inputFor(abs, "", display, ws, kind, nil)
}

// InputAt is InputFor for a config of the workspace listing, whose place
// is already known (no path is resolved again).
func InputAt(c workspace.ConfigFile, display string, ws *Workspace, kind schema.Kind) (Input, bool) {
	place := c.Place()
	return inputFor("", c.Path, display, ws, kind, &place)
}

// inputFor builds the input of the file at abs, or (abs "") of the
// workspace file at rel.
func inputFor(abs, rel, display string, ws *Workspace, kind schema.Kind, place *workspace.ConfigPlace) (Input, bool) {
	in := Input{Path: display, Kind: kind}
	if ws != nil {
		if abs != "" {
			in.Env = NewEnv(ws.Snapshot, abs)
		} else {
			in.Env = &Env{WS: ws.Snapshot, Rel: rel}
		}
		if ws.paths != nil {
			in.Env.paths = ws.paths
		} else if in.Env.paths == nil {
			in.Env.paths = &rolloutPaths{}
		}
		if place != nil {
			in.Env.placeOnce.Do(func() { in.Env.place = *place })
		}
		if ws.CLIRoot != "" {
			if rel, err := filepath.Rel(ws.CLIRoot, filepath.Join(ws.Snapshot.Root(), filepath.FromSlash(in.Env.Rel))); err == nil {
				in.Env.CLIRel = filepath.ToSlash(rel)
			}
		}
		in.Settings = ws.Settings
		if kind == "" {
			p := in.Env.configPlace()
			if p.Location == workspace.LocationKindDir {
				in.Kind, _ = schema.ParseKind(p.Kind.String())
			}
		}
	}
	if in.Kind == "" {
		if abs == "" {
			abs = filepath.Join(ws.Snapshot.Root(), filepath.FromSlash(rel))
		}
		in.Kind, _ = KindFromPath(abs)
	}
	return in, in.Kind != ""
}

// NotAConfig says why the input is not a config of its workspace (to
// follow its path: "is not under configs/training/, ..."), "" when it is
// one: a file whose real path is under configs/training/,
// configs/eval/ or configs/benchmark/ of the workspace and is named *.toml,
// as config-location decides (Snapshot.ConfigKind). A file outside every
// workspace, or checked without one, is no config of one either. The
// doors that only take configs (the MCP tools) refuse the others with it.
func NotAConfig(in Input) string {
	if in.Env == nil || in.Env.WS == nil {
		return "is in no workspace"
	}
	if in.Env.Unnamed {
		return "is text without a file name, which has no place in the workspace"
	}
	return locationProblem(in.Env, "")
}

// KindFromPath finds the kind from a `configs/<kind>/` part of a path.
func KindFromPath(p string) (schema.Kind, bool) {
	parts := strings.Split(filepath.ToSlash(p), "/")
	for i := len(parts) - 2; i >= 1; i-- {
		if parts[i-1] == "configs" {
			if k, ok := schema.ParseKind(parts[i]); ok && i < len(parts)-1 {
				return k, true
			}
		}
	}
	return "", false
}

// UnknownKind reports a file whose kind cannot be told: outside a
// workspace's kind directories with no --kind.
func UnknownKind(src []byte, in Input) []Finding {
	doc := toml.Parse(src)
	f := Finding{
		Path:     in.Path,
		Range:    firstLine(doc),
		Rule:     RuleConfigLocation,
		Severity: Error,
		Stage:    StageSubmit,
	}
	if in.Env != nil {
		f.Message = in.Env.Rel + " " + locationProblem(in.Env, "")
	} else {
		f.Message = in.Path + " is not under configs/training/, configs/eval/ or configs/benchmark/, so its kind is unknown; move it there or pass --kind"
	}
	if in.Settings.off(f.Rule) {
		return nil
	}
	locate(&f, doc.Lines)
	fs := []Finding{f}
	redact(fs, nil)
	return fs
}

// Unread reports a config that resolves outside the workspace: it is
// never opened, so its findings are those of its place alone.
func Unread(in Input) []Finding {
	r, _ := Lookup(RuleConfigLocation)
	msg := in.Path + " resolves outside the workspace (through a symlink); the osmosis CLI only submits configs inside it"
	if in.Env != nil {
		switch p := in.Env.configPlace().Resolved; {
		case kindDirLink(in.Env.Rel, p.EscapeVia):
			r, _ = Lookup(RuleWorkspaceLinkOut)
			msg = in.Env.Rel + " is reached through the symlink " + p.EscapeVia + ", which leads outside the workspace (to " + p.EscapeTarget + "); " + linkOutConsequence + "; the config is not read"
		case p.EscapeVia == in.Env.Rel:
			msg = in.Env.Rel + " is a symlink that leads outside the workspace (to " + p.EscapeTarget + "); it is not read, and the osmosis CLI only submits configs inside the workspace"
		case p.EscapeVia != "":
			msg = in.Env.Rel + " leads outside the workspace through the symlink " + p.EscapeVia + " (to " + p.EscapeTarget + "); it is not read, and the osmosis CLI only submits configs inside the workspace"
		}
	}
	return fileFinding(r, in.Path, msg, in.Settings)
}

// NamedRollout returns the rollout a config names in [experiment] rollout,
// read tolerantly from src (a config with syntax errors still names one);
// ok is false when it names none. Tools that react to an edit of
// rollouts/<name>/ use it to find the configs the edit concerns.
func NamedRollout(src []byte) (name string, ok bool) {
	_, v := toml.Parse(src).Root.Lookup("experiment", "rollout")
	if v == nil || v.Kind != toml.KindString {
		return "", false
	}
	return v.Str, true
}
