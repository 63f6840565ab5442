package lint

import "testing"

func TestSDKImportDeferred(t *testing.T) {
	main := pathsConfig(`"multiply-agent"`, `"main.py"`)
	const at = "3:14-3:23 sdk-import-deferred experiment.entrypoint"
	deferred := map[string]string{"main.py": "def check(backend):\n    from osmosis_ai.rollout.validator import validate_backend\n    return validate_backend(backend)\n"}
	runRuleCases(t, "sdk-import-deferred", []ruleCase{
		{
			name: "a removed module imported in a function",
			src:  main,
			ws:   sdkWS(`"osmosis-ai>=0.3.0"`, deferred),
			want: []string{at},
			msg:  []string{"main.py:2 imports `osmosis_ai.rollout.validator`, which osmosis-ai 0.3.0 (what `osmosis-ai>=0.3.0` in the rollout's pyproject.toml admits) does not have (osmosis-ai 0.3.0rc1 had it); docs/migrating-to-0.3.md in the SDK says, `validator`: remove the static validator call"},
		},
		{
			name: "in a method",
			src:  main,
			ws:   sdkWS(`"osmosis-ai==0.3.0"`, map[string]string{"main.py": "class W:\n    async def run(self):\n        from osmosis_ai.eval.common import auto_discover_grader\n"}),
			want: []string{at},
			msg:  []string{"main.py:3 imports `osmosis_ai.eval.common`"},
		},
		{name: "the line keeps it", src: main, ws: sdkWS(`"osmosis-ai<0.3"`, deferred)},
		{
			name: "under try or if in the function",
			src:  main,
			ws: sdkWS(`"osmosis-ai>=0.3.0"`, map[string]string{"main.py": "def check():\n    try:\n        import osmosis_ai.rollout.validator\n    except ImportError:\n        pass\n" +
				"    if False:\n        import osmosis_ai.rollout.validator\n"}),
		},
		{
			name: "at the top level: sdk-import's",
			src:  main,
			ws:   sdkWS(`"osmosis-ai>=0.3.0"`, map[string]string{"main.py": "import osmosis_ai.rollout.validator\n"}),
		},
	})
}
