package datafile

import (
	"strconv"
	"strings"
	"testing"
)

const (
	pr  = `{"user_prompt":"u","ground_truth":"g"}` // a prompt-mode row
	pr3 = pr + "\n" + pr + "\n" + pr + "\n"
)

func TestJSONLRules(t *testing.T) {
	tests := []struct {
		name    string
		content string
		want    []string // "code:line"
	}{
		// Quiet on good input.
		{"four rows", lines(pr, pr, pr, pr), nil},
		{"no final newline", pr3 + pr, nil},
		{"system prompt and extra keys", lines(repeat(`{"system_prompt":"s","user_prompt":"u","ground_truth":"g","id":1}`, 4)...), nil},
		{"label alias", lines(repeat(`{"user_prompt":"u","label":"g"}`, 4)...), nil},
		{"values are not checked in prompt mode", lines(`{"user_prompt":null,"ground_truth":""}`, `{"user_prompt":1,"ground_truth":[]}`, `{"user_prompt":{},"ground_truth":true}`, pr), nil},
		{"keys in another order", lines(pr, `{"ground_truth":"g","user_prompt":"u"}`, pr, pr), nil},
		{"repeated key is one key", lines(pr, `{"user_prompt":"u","ground_truth":"g","user_prompt":"v"}`, pr, pr), nil},
		{"escaped key equals plain key", lines(pr, `{"user\u005fprompt":"u","ground_truth":"g"}`, pr, pr), nil},
		{"surrogate pair key equals the character", lines(`{"user_prompt":"u","ground_truth":"g","😀":1}`, `{"user_prompt":"u","ground_truth":"g","\ud83d\ude00":1}`, `{"user_prompt":"u","ground_truth":"g","😀":1}`, `{"user_prompt":"u","ground_truth":"g","😀":1}`), nil},
		{"NaN and infinities", lines(`{"user_prompt":NaN,"ground_truth":[Infinity,-Infinity]}`, pr, pr, pr), nil},
		{"numbers", lines(`{"user_prompt":[0,-0,1.5,1e5,1E+2,-3.25e-7,123456789012345678901234567890],"ground_truth":1}`, pr, pr, pr), nil},
		{"escapes", lines(`{"user_prompt":"\"\\\/\b\f\n\r\t\u00e9\ud800","ground_truth":"\u0000"}`, pr, pr, pr), nil},
		{"DEL and non-ASCII in strings", lines("{\"user_prompt\":\"\x7f é 東京 😀\",\"ground_truth\":\"g\"}", pr, pr, pr), nil},
		{"JSON white space between tokens", lines("{ \"user_prompt\" :\t\"u\" , \"ground_truth\" : \"g\" }", pr, pr, pr), nil},
		{"Python white space around the line", "\v\f\x1c\u00a0\u3000" + pr + "\u2028\u0085 \t\n" + pr3, nil},
		{"blank lines skipped", "\n \n\t\n\u00a0\n" + pr + "\n\n" + pr3 + "\n\n", nil},
		{"CRLF", strings.ReplaceAll(lines(pr, pr, pr, pr), "\n", "\r\n"), nil},
		{"lone CR ends a line", pr + "\r" + pr + "\r" + pr + "\r" + pr, nil},
		{"information separator inside a string is a control character", lines("{\"user_prompt\":\"a\u2028b\u2029c\u0085d\",\"ground_truth\":\"\x1c\"}", pr, pr, pr), []string{"invalid-json:1"}},
		{"Unicode line separators inside strings", lines("{\"user_prompt\":\"a\u2028b\u2029c\u0085d\",\"ground_truth\":\"g\"}", pr, pr, pr), nil},

		// Line numbers count every physical line, blank or not, with "\n",
		// "\r\n" and "\r" each ending one.
		{"invalid JSON line 3", lines(pr, pr, "not json", pr, pr), []string{"invalid-json:3"}},
		{"line endings mixed", pr + "\r" + pr + "\r\n" + pr + "\n" + "x\r" + pr, []string{"invalid-json:4"}},
		{"after blank lines", "\n\n" + pr + "\n\nnope\n" + pr3, []string{"invalid-json:5"}},

		{"trailing comma in object", lines(pr, `{"user_prompt":"u","ground_truth":"g",}`, pr, pr), []string{"invalid-json:2"}},
		{"trailing comma in array", lines(pr, `{"user_prompt":[1,],"ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"extra data", lines(pr, pr+` {}`, pr, pr), []string{"invalid-json:2"}},
		{"two values", lines(pr, pr+pr, pr, pr), []string{"invalid-json:2"}},
		{"vertical tab between tokens", lines(pr, "{\"user_prompt\":\v\"u\",\"ground_truth\":\"g\"}", pr, pr), []string{"invalid-json:2"}},
		{"no-break space between tokens", lines(pr, "{\"user_prompt\":\u00a0\"u\",\"ground_truth\":\"g\"}", pr, pr), []string{"invalid-json:2"}},
		{"text after value and space", lines(pr, pr+"\u00a0x", pr, pr), []string{"invalid-json:2"}},
		{"single quotes", lines(pr, `{'user_prompt':'u'}`, pr, pr), []string{"invalid-json:2"}},
		{"unquoted key", lines(pr, `{user_prompt:"u"}`, pr, pr), []string{"invalid-json:2"}},
		{"missing colon", lines(pr, `{"user_prompt" "u"}`, pr, pr), []string{"invalid-json:2"}},
		{"unclosed object", lines(pr, `{"user_prompt":"u"`, pr, pr), []string{"invalid-json:2"}},
		{"object closed by bracket", lines(pr, `{"user_prompt":"u"]`, pr, pr), []string{"invalid-json:2"}},
		{"unclosed string", lines(pr, `{"user_prompt":"u`, pr, pr), []string{"invalid-json:2"}},
		{"string split by CR", pr + "\n{\"user_prompt\":\"a\rb\",\"ground_truth\":\"g\"}\n" + pr3, []string{"invalid-json:2", "invalid-json:3"}},
		{"tab inside string", lines(pr, "{\"user_prompt\":\"a\tb\",\"ground_truth\":\"g\"}", pr, pr), []string{"invalid-json:2"}},
		{"NUL inside string", lines(pr, "{\"user_prompt\":\"a\x00b\",\"ground_truth\":\"g\"}", pr, pr), []string{"invalid-json:2"}},
		{"NUL line", lines(pr, "\x00", pr, pr, pr), []string{"invalid-json:2"}},
		{"bad escape", lines(pr, `{"user_prompt":"\x41","ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"short unicode escape", lines(pr, `{"user_prompt":"\u12","ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"bad escape after high surrogate", lines(pr, `{"user_prompt":"\ud800\u12","ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"leading zero", lines(pr, `{"user_prompt":01,"ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"bare point", lines(pr, `{"user_prompt":1.,"ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"leading point", lines(pr, `{"user_prompt":.5,"ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"plus sign", lines(pr, `{"user_prompt":+1,"ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"bare minus", lines(pr, `{"user_prompt":-,"ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"empty exponent", lines(pr, `{"user_prompt":1e,"ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"negative NaN", lines(pr, `{"user_prompt":-NaN,"ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"lower-case nan", lines(pr, `{"user_prompt":nan,"ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},
		{"truncated literal", lines(pr, `{"user_prompt":nul`, pr, pr), []string{"invalid-json:2"}},
		{"literal with tail", lines(pr, `{"user_prompt":truex,"ground_truth":"g"}`, pr, pr), []string{"invalid-json:2"}},

		{"BOM at the start", "\uFEFF" + pr + "\n" + pr3 + pr, []string{"byte-order-mark:1"}},
		{"BOM on a later line after space", pr + "\n" + pr + "\n \uFEFF" + pr + "\n" + pr3, []string{"byte-order-mark:3"}},
		{"BOM inside is fine", lines(`{"user_prompt":"\uFEFF","ground_truth":"g"}`, pr, pr, pr), nil},
		{"zero-width space is not white space", lines(pr, "\u200b"+pr, pr, pr), []string{"invalid-json:2"}},

		{"array row", lines(pr, `[1,2]`, pr, pr), []string{"row-not-object:2"}},
		{"string row", lines(pr, `"text"`, pr, pr), []string{"row-not-object:2"}},
		{"number row", lines(pr, `42`, pr, pr), []string{"row-not-object:2"}},
		{"null row", lines(pr, `null`, pr, pr), []string{"row-not-object:2"}},
		{"boolean row", lines(pr, `true`, pr, pr), []string{"row-not-object:2"}},

		{"missing one column", lines(repeat(`{"user_prompt":"u"}`, 4)...), []string{"missing-columns:1"}},
		{"missing both columns", lines(repeat(`{"foo":"bar"}`, 4)...), []string{"missing-columns:1"}},
		{"empty object row", lines(repeat(`{}`, 4)...), []string{"missing-columns:1"}},
		{"case matters", lines(repeat(`{"User_Prompt":"u","ground_truth":"g"}`, 4)...), []string{"missing-columns:1"}},
		{"first object row decides", lines("oops", `[]`, `{"foo":1}`, `{"foo":1}`), []string{"invalid-json:1", "row-not-object:2", "missing-columns:3"}},

		{"extra key", lines(pr, pr, pr, `{"user_prompt":"u","ground_truth":"g","extra":"x"}`, pr), []string{"fields-differ:4"}},
		{"missing key", lines(pr, `{"user_prompt":"u"}`, pr, pr), []string{"fields-differ:2"}},

		{"integer of 4300 digits", lines(`{"user_prompt":`+strings.Repeat("7", 4300)+`,"ground_truth":"g"}`, pr, pr, pr), nil},
		{"integer of 4301 digits", lines(pr, `{"user_prompt":-`+strings.Repeat("7", 4301)+`,"ground_truth":"g"}`, pr, pr), []string{"integer-too-long:2"}},
		{"long float is fine", lines(`{"user_prompt":`+strings.Repeat("7", 5000)+`.5,"ground_truth":"g"}`, pr, pr, pr), nil},
		{"long exponent form is fine", lines(`{"user_prompt":`+strings.Repeat("7", 5000)+`e1,"ground_truth":"g"}`, pr, pr, pr), nil},
		{"nesting at the limit", lines(`{"user_prompt":`+strings.Repeat("[", maxDepth-1)+strings.Repeat("]", maxDepth-1)+`,"ground_truth":"g"}`, pr, pr, pr), nil},
		{"nesting past the limit", lines(pr, `{"user_prompt":`+strings.Repeat("[", maxDepth)+strings.Repeat("]", maxDepth)+`,"ground_truth":"g"}`, pr, pr), []string{"nesting-too-deep:2"}},

		{"too few rows", pr3, []string{"too-few-rows:0"}},
		{"blank lines are not rows", "\n\n\n" + pr3 + "\n \n", []string{"too-few-rows:0"}},
		{"only blank lines", "\n\r\n \n", []string{"too-few-rows:0"}},
		{"invalid rows are rows", lines(pr, "x", "y", "z"), []string{"invalid-json:2", "invalid-json:3", "invalid-json:4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCodes(t, check("data.jsonl", tt.content), tt.want...)
		})
	}
}

func TestJSONLInvalidUTF8(t *testing.T) {
	tests := []struct {
		name      string
		content   string
		line, col int
	}{
		{"in a string", pr + "\n" + "{\"user_prompt\":\"a\xffb\"}\n" + pr3, 2, 18},
		{"outside a string", pr + "\n" + pr + "\n{\xff}\n" + pr, 3, 2},
		{"after the value", pr + "\n" + pr + "\xc3\n" + pr3, 2, 39},
		{"after a syntax error", pr + "\n" + "{bad \xff}\n" + pr3, 2, 6},
		{"on a blank line", pr + "\n \xa0\n" + pr3, 2, 2},
		{"encoded surrogate", pr + "\n{\"user_prompt\":\"\xed\xa0\x80\"}\n" + pr3, 2, 17},
		{"overlong", pr + "\n{\"user_prompt\":\"\xc0\xaf\"}\n" + pr3, 2, 17},
		{"truncated at the end", pr3 + pr + "\n\"\xe6\x97", 5, 2},
		{"after CR line ends", pr + "\r" + pr + "\r\xff", 3, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := check("data.jsonl", tt.content)
			wantCodes(t, r, "invalid-utf8:"+strconv.Itoa(tt.line))
			if len(r.Problems) == 1 && r.Problems[0].Column != tt.col {
				t.Errorf("column = %d, want %d", r.Problems[0].Column, tt.col)
			}
			if r.Rows != -1 {
				t.Errorf("rows = %d, want -1 (not counted to the end)", r.Rows)
			}
		})
	}
}

func TestJSONLColumns(t *testing.T) {
	tests := []struct {
		content string
		col     int
		msg     string
	}{
		{`{"user_prompt":"u",}`, 20, "member name"},
		{`{"user_prompt" "u"}`, 16, "':'"},
		{`{"user_prompt":[1,]}`, 19, "trailing commas"},
		{`  {"a":1} x`, 11, "after the end of the JSON value"},
		{"{\"a\":\"b\tc\"}", 8, "U+0009"},
		{`{"a":"\q"}`, 7, "backslash followed by 'q'"},
		{`{"a":01}`, 7, "expected ',' or '}'"},
		{`{"a":-x}`, 7, "digit after '-'"},
		{`{"a":"b`, 8, "end of the line"},
		{`{"a":[`, 7, "end of the line"},
	}
	for _, tt := range tests {
		r := check("data.jsonl", lines(pr, tt.content, pr, pr, pr))
		if len(r.Problems) != 1 {
			t.Errorf("%s: problems %v", tt.content, codes(r))
			continue
		}
		p := r.Problems[0]
		if p.Column != tt.col || !strings.Contains(p.Message, tt.msg) {
			t.Errorf("%s: got column %d %q, want column %d containing %q", tt.content, p.Column, p.Message, tt.col, tt.msg)
		}
	}
}

func TestJSONLFieldsMessage(t *testing.T) {
	r := check("data.jsonl", lines(pr, pr, `{"b":1,"ground_truth":"g","a":2,"a":3}`, pr))
	wantCodes(t, r, "fields-differ:3")
	want := `top-level keys differ from the first object row (line 1); missing: "user_prompt"; extra: "a", "b"`
	if !strings.HasPrefix(r.Problems[0].Message, want) {
		t.Errorf("message = %q, want prefix %q", r.Problems[0].Message, want)
	}
	r = check("data.jsonl", lines(pr, `{"user_prompt":"u"}`, pr, pr))
	if msg := r.Problems[0].Message; !strings.Contains(msg, `missing: "ground_truth"`) || strings.Contains(msg, "extra") {
		t.Errorf("message = %q", msg)
	}
}

func TestJSONLModeAndRows(t *testing.T) {
	r := check("data.jsonl", "\n"+lines(pr, "x", pr, pr)+"\n")
	if r.Mode != ModePrompt || r.Rows != 4 || r.Format != FormatJSONL {
		t.Errorf("mode %v rows %d format %v", r.Mode, r.Rows, r.Format)
	}
	r = check("data.jsonl", lines(repeat(`{"metadata":{"k":1}}`, 4)...))
	if r.Mode != ModeMetadata || !r.Valid() {
		t.Errorf("mode %v valid %v", r.Mode, r.Valid())
	}
	r = check("data.jsonl", lines("x", "y"))
	if r.Mode != ModeUnknown {
		t.Errorf("mode %v, want unknown without an object row", r.Mode)
	}
}
