package lint

import "testing"

func TestSDKExtra(t *testing.T) {
	main := pathsConfig(`"multiply-agent"`, `"main.py"`)
	const at = "3:14-3:23 sdk-extra experiment.entrypoint"
	server := map[string]string{"main.py": "from osmosis_ai.rollout.server import create_rollout_server\n"}
	harbor := map[string]string{"main.py": "def backend():\n    from osmosis_ai.rollout.backend.harbor import HarborBackend\n    return HarborBackend\n"}
	runRuleCases(t, "sdk-extra", []ruleCase{
		{
			name: "the rollout server without the server extra",
			src:  main,
			ws:   sdkWS(`"osmosis-ai>=0.3.0"`, server),
			want: []string{at},
			msg:  []string{"main.py:1 imports `osmosis_ai.rollout.server.create_rollout_server`, which imports `fastapi`; only the SDK's `full` or `server` extra installs it, and the rollout's pyproject.toml requires `osmosis-ai>=0.3.0` and nothing else: the platform installs"},
		},
		{
			name: "the harbor backend in a function, with another extra",
			src:  main,
			ws:   sdkWS(`"osmosis-ai[server]==0.3.0"`, harbor),
			want: []string{at},
			msg:  []string{"`harbor`; only the SDK's `full` or `harbor` extra installs it"},
		},
		{name: "the extra declared", src: main, ws: sdkWS(`"osmosis-ai[server]>=0.3.0"`, server)},
		{name: "full", src: main, ws: sdkWS(`"osmosis-ai[full]>=0.3.0"`, server)},
		{name: "the extra's name spelled otherwise", src: main, ws: sdkWS(`"osmosis-ai[Harbor]==0.3.0"`, harbor)},
		{name: "another dependency may install it", src: main, ws: sdkWS(`"osmosis-ai>=0.3.0", "fastapi"`, server)},
		{name: "a bare requirement", src: main, ws: sdkWS(`"osmosis-ai"`, server)},
		{name: "the core", src: main, ws: sdkWS(`"osmosis-ai>=0.3.0"`, map[string]string{"main.py": "from osmosis_ai.rollout import AgentWorkflow, LocalBackend\n"})},
	})
}
