package datafile

import (
	"strings"
	"testing"
)

func TestSuggest(t *testing.T) {
	rows := `{"user_prompt": "u", "ground_truth": "g"}` + "\n"
	tests := []struct {
		name, head string
		rename     string
		ok         bool
	}{
		{"train.ndjson", "", "train.jsonl", true},
		{"train.JSONLines", "", "train.jsonl", true},
		{"train.pq", "", "train.parquet", true},
		{"train.jsonl ", "", "train.jsonl", true},
		{"train.csv\t", "", "train.csv", true},
		{"train.jsonl.gz", "", "", true},
		{"train.tsv", "", "", true},
		{"train.txt", "\n\n" + rows, "train.jsonl", true},
		{"train", rows, "train.jsonl", true},
		{"train.txt", "plain words\n", "", false},
		{"train.txt", "[1, 2]\n", "", false},
		{"train.txt", "{not json\n", "", false},
		{"README.md", rows, "", false},
		{"archive.tar.gz", "", "", false},
		{"notes", "", "", false},
		{"big.txt", "{" + strings.Repeat(" ", AdviceHead-1), "", false},
	}
	for _, tt := range tests {
		a, ok := Suggest(tt.name, []byte(tt.head))
		if ok != tt.ok || a.Rename != tt.rename || ok && a.Message == "" {
			t.Errorf("Suggest(%q) = %+v, %v; want rename %q, %v", tt.name, a, ok, tt.rename, tt.ok)
		}
	}
}
