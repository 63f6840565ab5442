package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/report"
)

// Shell completion scripts, written from the command table and each
// command's flag set, so they complete exactly what the commands parse.

func shellNames() []string { return []string{"bash", "zsh", "fish", "powershell"} }

func completionCommand(*flag.FlagSet) runFunc {
	return func(env *cmdEnv, pos []string) (int, error) {
		if len(pos) != 1 {
			return 0, &usageErr{err: errors.New("name one shell: bash, zsh, fish or powershell"), showUsage: true}
		}
		data := completionData()
		switch pos[0] {
		case "bash":
			writeBash(env.stdout, data)
		case "zsh":
			writeZsh(env.stdout, data)
		case "fish":
			writeFish(env.stdout, data)
		case "powershell", "pwsh":
			writePowerShell(env.stdout, data)
		default:
			msg := fmt.Sprintf("unknown shell %q: use bash, zsh, fish or powershell", pos[0])
			return 0, &usageErr{err: errors.New(msg), showUsage: true}
		}
		return exitOK, nil
	}
}

// compFlag is one flag as completion sees it.
type compFlag struct {
	spelling string // -o, --format
	usage    string
	takes    bool     // takes a value
	choices  []string // the values it takes, when known
	dirs     bool     // its value is a directory
	list     bool     // its value is a comma-separated list of choices
}

type compCommand struct {
	name, summary string
	flags         []compFlag
	// values are the words of the arguments; files when nil.
	values []string
}

func completionData() []compCommand {
	var out []compCommand
	for _, c := range commands {
		if c.hidden {
			continue
		}
		fs := newFlagSet(c)
		c.flags(fs)
		cc := compCommand{name: c.name, summary: c.summary}
		if c.values != nil {
			cc.values = c.values()
		}
		fs.VisitAll(func(f *flag.Flag) {
			meta, usage := flag.UnquoteUsage(f)
			bf, isBool := f.Value.(interface{ IsBoolFlag() bool })
			cf := compFlag{spelling: flagSpelling(f.Name), usage: usage, takes: !(isBool && bf.IsBoolFlag())}
			if cf.takes {
				cf.choices = flagChoices(c.name, f.Name)
				cf.dirs = meta == "DIR"
				_, cf.list = f.Value.(*listFlag)
			}
			cc.flags = append(cc.flags, cf)
		})
		cc.flags = append(cc.flags, compFlag{spelling: "--help", usage: "show this help"})
		out = append(out, cc)
	}
	return out
}

// flagChoices are the values a flag takes, when they are a known list.
func flagChoices(cmd, name string) []string {
	switch name {
	case "color":
		return report.ColorModes()
	case "kind":
		return kindNames()
	case "select", "extend-select", "ignore", "extend-ignore":
		return lint.Selectors()
	case "format", "output-format":
		if cmd != "check" {
			return []string{"text", "json"}
		}
		var out []string
		for _, f := range report.Formats() {
			out = append(out, string(f))
		}
		return out
	}
	return nil
}

func commandWords(data []compCommand) string {
	var names []string
	for _, c := range data {
		names = append(names, c.name)
	}
	return strings.Join(names, " ")
}

func writeBash(w io.Writer, data []compCommand) {
	fmt.Fprintf(w, `# bash completion for osmosis-lint; load it with
#   source <(osmosis-lint completion bash)
_osmosis_lint() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
    local cmd="" i
    if [[ $cur == "=" ]]; then cur=""; fi
    if [[ $prev == "=" && $COMP_CWORD -ge 2 ]]; then prev="${COMP_WORDS[COMP_CWORD-2]}"; fi
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${COMP_WORDS[i]}" in
            %s) cmd="${COMP_WORDS[i]}"; break ;;
            -*) ;;
            *) break ;;
        esac
    done
    local first=${cmd:-top}
    cmd=${cmd:-check}
    case "$cmd $prev" in
`, strings.ReplaceAll(commandWords(data), " ", "|"))
	for _, c := range data {
		for _, f := range c.flags {
			if !f.takes {
				continue
			}
			fmt.Fprintf(w, "        %q)\n", c.name+" "+f.spelling)
			switch {
			case f.list:
				// complete the item after the last comma, keeping the others
				fmt.Fprintf(w, "            local pre=\"\"; [[ $cur == *,* ]] && pre=\"${cur%%,*},\"\n")
				fmt.Fprintf(w, "            COMPREPLY=($(compgen -P \"$pre\" -W %q -- \"${cur##*,}\")); return ;;\n", strings.Join(f.choices, " "))
			case f.choices != nil:
				fmt.Fprintf(w, "            COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", strings.Join(f.choices, " "))
			case f.dirs:
				fmt.Fprint(w, "            COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n")
			default:
				fmt.Fprint(w, "            COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n")
			}
		}
	}
	fmt.Fprint(w, "    esac\n    if [[ $cur == -* ]]; then\n        case \"$cmd\" in\n")
	for _, c := range data {
		var names []string
		for _, f := range c.flags {
			names = append(names, f.spelling)
		}
		fmt.Fprintf(w, "            %s) COMPREPLY=($(compgen -W %q -- \"$cur\")) ;;\n", c.name, strings.Join(names, " "))
	}
	fmt.Fprintf(w, `        esac
        return
    fi
    if [[ $first == top ]]; then
        COMPREPLY=($(compgen -W %q -- "$cur") $(compgen -f -- "$cur"))
        return
    fi
    case "$cmd" in
`, commandWords(data))
	for _, c := range data {
		if c.values != nil {
			fmt.Fprintf(w, "        %s) COMPREPLY=($(compgen -W %q -- \"$cur\")) ;;\n", c.name, strings.Join(c.values, " "))
		}
	}
	fmt.Fprint(w, `        *) COMPREPLY=($(compgen -f -- "$cur")) ;;
    esac
}
complete -o filenames -o bashdefault -F _osmosis_lint osmosis-lint
`)
}

// zshQuote quotes s for a single-quoted zsh word inside _arguments specs.
func zshQuote(s string) string {
	s = strings.NewReplacer("'", `'\''`, "[", `\[`, "]", `\]`, ":", `\:`).Replace(s)
	return s
}

func writeZsh(w io.Writer, data []compCommand) {
	fmt.Fprint(w, `#compdef osmosis-lint
# zsh completion for osmosis-lint; load it with
#   source <(osmosis-lint completion zsh)
# or save it as _osmosis-lint in a directory of $fpath.
_osmosis_lint() {
    local -a commands
    commands=(
`)
	for _, c := range data {
		fmt.Fprintf(w, "        '%s:%s'\n", c.name, zshQuote(c.summary))
	}
	fmt.Fprintf(w, `    )
    local cmd=check
    if (( CURRENT > 2 )) && (( ${commands[(I)${words[2]}:*]} )); then
        cmd=${words[2]}
        shift words
        (( CURRENT-- ))
    elif (( CURRENT == 2 )) && [[ ${words[2]} != -* ]]; then
        _describe -t commands 'osmosis-lint command' commands
        _files
        return
    fi
    case $cmd in
`)
	for _, c := range data {
		fmt.Fprintf(w, "        %s)\n            _arguments -s -S \\\n", c.name)
		for _, f := range c.flags {
			spec := "'" + f.spelling + "[" + zshQuote(firstClause(f.usage)) + "]"
			if f.takes {
				switch {
				case f.choices != nil:
					spec += ":value:(" + strings.Join(f.choices, " ") + ")"
				case f.dirs:
					spec += ":directory:_files -/"
				default:
					spec += ":file:_files"
				}
			}
			fmt.Fprintf(w, "                %s' \\\n", spec)
		}
		switch {
		case c.values == nil:
			fmt.Fprint(w, "                '*:file:_files'\n            ;;\n")
		case len(c.values) == 0:
			fmt.Fprint(w, "                ''\n            ;;\n")
		default:
			fmt.Fprintf(w, "                '*:argument:(%s)'\n            ;;\n", strings.Join(c.values, " "))
		}
	}
	fmt.Fprint(w, `    esac
}
if [[ $funcstack[1] == _osmosis_lint ]]; then
    _osmosis_lint "$@"
else
    compdef _osmosis_lint osmosis-lint
fi
`)
}

// firstClause shortens a flag's help for a shell's one-line description.
func firstClause(s string) string {
	if i := strings.Index(s, " ("); i > 0 {
		s = s[:i]
	}
	if i := strings.Index(s, "; "); i > 0 {
		s = s[:i]
	}
	return s
}

func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}

func writeFish(w io.Writer, data []compCommand) {
	var names []string
	for _, c := range data {
		names = append(names, c.name)
	}
	all := strings.Join(names, " ")
	fmt.Fprintf(w, `# fish completion for osmosis-lint; load it with
#   osmosis-lint completion fish | source
# or save it as ~/.config/fish/completions/osmosis-lint.fish
complete -c osmosis-lint -e
complete -c osmosis-lint -n '__fish_use_subcommand' -F
`)
	for _, c := range data {
		fmt.Fprintf(w, "complete -c osmosis-lint -n '__fish_use_subcommand' -f -a %s -d %s\n", c.name, fishQuote(c.summary))
	}
	for _, c := range data {
		cond := "__fish_seen_subcommand_from " + c.name
		if c.name == "check" {
			// check is also the command of a bare `osmosis-lint --flag`
			cond = "__fish_seen_subcommand_from check; or not __fish_seen_subcommand_from " + all
		}
		for _, f := range c.flags {
			line := "complete -c osmosis-lint -n " + fishQuote(cond)
			if strings.HasPrefix(f.spelling, "--") {
				line += " -l " + f.spelling[2:]
			} else {
				line += " -s " + f.spelling[1:]
			}
			switch {
			case !f.takes:
			case f.choices != nil:
				line += " -x -a " + fishQuote(strings.Join(f.choices, " "))
			case f.dirs:
				line += " -x -a '(__fish_complete_directories)'"
			default:
				line += " -r -F"
			}
			fmt.Fprintf(w, "%s -d %s\n", line, fishQuote(firstClause(f.usage)))
		}
		switch {
		case c.values == nil:
			fmt.Fprintf(w, "complete -c osmosis-lint -n %s -F\n", fishQuote("__fish_seen_subcommand_from "+c.name))
		case len(c.values) > 0:
			fmt.Fprintf(w, "complete -c osmosis-lint -n %s -f -a %s\n", fishQuote("__fish_seen_subcommand_from "+c.name), fishQuote(strings.Join(c.values, " ")))
		default:
			fmt.Fprintf(w, "complete -c osmosis-lint -n %s -f\n", fishQuote("__fish_seen_subcommand_from "+c.name))
		}
	}
}

func psQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func psList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = psQuote(s)
	}
	return "@(" + strings.Join(q, ", ") + ")"
}

func writePowerShell(w io.Writer, data []compCommand) {
	fmt.Fprint(w, `# PowerShell completion for osmosis-lint; load it with
#   osmosis-lint completion powershell | Out-String | Invoke-Expression
# (add that line to $PROFILE to keep it).
$osmosisLintCommands = [ordered]@{
`)
	for _, c := range data {
		fmt.Fprintf(w, "    %s = %s\n", psQuote(c.name), psQuote(c.summary))
	}
	fmt.Fprint(w, "}\n$osmosisLintFlags = @{\n")
	for _, c := range data {
		var names []string
		for _, f := range c.flags {
			names = append(names, f.spelling)
		}
		fmt.Fprintf(w, "    %s = %s\n", psQuote(c.name), psList(names))
	}
	fmt.Fprint(w, "}\n$osmosisLintValues = @{\n")
	for _, c := range data {
		for _, f := range c.flags {
			if f.choices != nil {
				fmt.Fprintf(w, "    %s = %s\n", psQuote(c.name+" "+f.spelling), psList(f.choices))
			}
		}
		if len(c.values) > 0 {
			fmt.Fprintf(w, "    %s = %s\n", psQuote(c.name), psList(c.values))
		}
	}
	fmt.Fprint(w, `}
Register-ArgumentCompleter -Native -CommandName osmosis-lint -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $words = @($commandAst.CommandElements | Select-Object -Skip 1 | ForEach-Object { $_.ToString() })
    if ($wordToComplete -ne '' -and $words.Count -gt 0) { $words = $words[0..($words.Count - 2)] }
    $cmd = 'check'
    $first = $true
    foreach ($w in $words) {
        if ($osmosisLintCommands.Contains($w)) { $cmd = $w; $first = $false; break }
        if (-not $w.StartsWith('-')) { $first = $false; break }
        $first = $false
    }
    $prev = if ($words.Count -gt 0) { $words[-1] } else { '' }
    $candidates = @()
    if ($osmosisLintValues.ContainsKey("$cmd $prev")) {
        $candidates = $osmosisLintValues["$cmd $prev"]
    } elseif ($wordToComplete.StartsWith('-')) {
        $candidates = $osmosisLintFlags[$cmd]
    } elseif ($first -and $words.Count -eq 0) {
        $candidates = @($osmosisLintCommands.Keys)
    } elseif ($osmosisLintValues.ContainsKey($cmd)) {
        $candidates = $osmosisLintValues[$cmd]
    } else {
        return
    }
    $candidates | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object {
        [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
    }
}
`)
}
