package datafile

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Advice is what to tell about a file whose extension the upload refuses
// but which looks like a dataset.
type Advice struct {
	Message string
	// Rename is the name the file would be taken under without any other
	// change, or "" when a rename alone does not make it a dataset file.
	Rename string
}

// AdviceHead is how much of a file Suggest needs to look at.
const AdviceHead = 64 << 10

// Sniffed reports whether Suggest looks at the content of a file of this
// name: only names without an extension or ending in .txt, the names a
// dataset saved by hand gets.
func Sniffed(name string) bool {
	ext := strings.ToLower(extension(name))
	return ext == "" || ext == "txt"
}

// Suggest says whether a file the upload refuses (FormatOf is
// FormatUnknown) looks like a dataset, from its name and, for the names
// Sniffed selects, the first AdviceHead bytes of its content: a supported
// extension followed by white space, an alias of one (.ndjson,
// .jsonlines, .pq, .parq), a compressed dataset (.jsonl.gz), a .tsv, or a
// .txt or extensionless file whose first line is a JSON object. Anything
// else in data/ is left alone: not every file there is a dataset.
func Suggest(name string, head []byte) (Advice, bool) {
	ext := extension(name)
	lower := strings.ToLower(ext)
	stem := strings.TrimSuffix(name, "."+ext)
	const takes = "`osmosis dataset upload` takes only .jsonl, .csv and .parquet files"
	switch trimmed := strings.TrimRight(lower, " \t\r\n\v\f"); {
	case trimmed != lower && (trimmed == "jsonl" || trimmed == "csv" || trimmed == "parquet"):
		return Advice{Message: "the name ends with white space after ." + trimmed + ", so the upload reads the extension as " + quoteName("."+lower) + " and refuses the file; " + takes,
			Rename: stem + "." + strings.TrimRight(ext, " \t\r\n\v\f")}, true
	}
	switch lower {
	case "ndjson", "jsonlines":
		return Advice{Message: "." + lower + " is JSON Lines under another name; " + takes, Rename: stem + ".jsonl"}, true
	case "pq", "parq":
		return Advice{Message: "." + lower + " is Parquet under another name; " + takes, Rename: stem + ".parquet"}, true
	case "tsv":
		return Advice{Message: "a tab-separated file; " + takes + ": write it comma-separated as .csv"}, true
	case "gz", "bz2", "xz", "zst", "zip":
		switch strings.ToLower(extension(stem)) {
		case "jsonl", "csv", "parquet", "ndjson", "json":
			return Advice{Message: "a compressed dataset; " + takes + ", uncompressed: decompress it before uploading"}, true
		}
		return Advice{}, false
	}
	if !Sniffed(name) || !firstLineObject(head) {
		return Advice{}, false
	}
	return Advice{Message: "the file holds JSON Lines (its first line is a JSON object) but " + takes, Rename: stem + ".jsonl"}, true
}

// firstLineObject reports whether the first non-blank line of head is a
// complete JSON object.
func firstLineObject(head []byte) bool {
	for len(head) > 0 {
		line := head
		i := bytes.IndexAny(head, "\r\n")
		if i < 0 {
			if len(head) == AdviceHead {
				return false // the line may go on past what was read
			}
			head = nil
		} else {
			line, head = head[:i], head[i+1:]
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		return line[0] == '{' && json.Valid(line)
	}
	return false
}
