package lint

import "testing"

func TestSDKRemovedMethod(t *testing.T) {
	main := pathsConfig(`"multiply-agent"`, `"main.py"`)
	const at = "3:14-3:23 sdk-removed-method experiment.entrypoint"
	reward := map[string]string{"main.py": "from osmosis_ai.rollout import AgentWorkflowContext\n\n\ndef finish(ctx: AgentWorkflowContext, value):\n    ctx.set_sample_reward(value)\n"}
	runRuleCases(t, "sdk-removed-method", []ruleCase{
		{
			name: "set_sample_reward, the rollout requiring 0.3",
			src:  main,
			ws:   sdkWS(`"osmosis-ai>=0.3"`, reward),
			want: []string{at},
			msg:  []string{"main.py:5 calls `.set_sample_reward()`, a method osmosis-ai 0.2.31 had and osmosis-ai 0.3.0 (what `osmosis-ai>=0.3` in the rollout's pyproject.toml admits) does not have (docs/migrating-to-0.3.md in the SDK: call set_reward() instead): the call raises AttributeError when it runs"},
		},
		{
			name: "register_sample_source in a module the entrypoint imports",
			src:  main,
			ws: sdkWS(`"osmosis-ai==0.3.0"`, map[string]string{
				"main.py":    "from .sources import setup\n",
				"sources.py": "import osmosis_ai\n\n\ndef setup(ctx, src):\n    return [ctx.register_sample_source(src)]\n",
			}),
			want: []string{at},
			msg:  []string{"sources.py:5 calls `.register_sample_source()`", "call set_sample_source() instead"},
		},
		{
			name: "in a module that spells eval (a name that can define others)",
			src:  main,
			ws:   sdkWS(`"osmosis-ai[server]>=0.3.0"`, map[string]string{"main.py": "from osmosis_ai.eval import rubric\n\n\ndef grade(ctx):\n    ctx.set_sample_reward(1.0)\n"}),
			want: []string{at},
			msg:  []string{"main.py:5 calls `.set_sample_reward()`"},
		},
		{name: "the 0.2 line has it", src: main, ws: sdkWS(`"osmosis-ai==0.2.31"`, reward)},
		{name: "no module names the SDK", src: main, ws: sdkWS(`"osmosis-ai>=0.3.0"`, map[string]string{"main.py": "def finish(ctx, value):\n    ctx.set_sample_reward(value)\n"})},
		{name: "a bare requirement", src: main, ws: sdkWS(`"osmosis-ai"`, reward)},
		{
			name: "the rollout defines a method of that name",
			src:  main,
			ws: sdkWS(`"osmosis-ai>=0.3.0"`, map[string]string{
				"main.py":    reward["main.py"],
				"tracker.py": "class Tracker:\n    def set_sample_reward(self, v):\n        self.v = v\n",
			}),
		},
		{
			name: "not a call of that name",
			src:  main,
			ws:   sdkWS(`"osmosis-ai>=0.3.0"`, map[string]string{"main.py": "import osmosis_ai\n\n\ndef f(ctx, v):\n    set_sample_reward = ctx.set_reward\n    ctx.set_reward(v)\n    return 'ctx.set_sample_reward(v)'\n"}),
		},
	})
}
