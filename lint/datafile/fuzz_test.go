package datafile

import "testing"

// FuzzValidate feeds arbitrary bytes to every format. The seed corpus in
// testdata/fuzz/FuzzValidate runs with plain go test; kind picks the file
// name from fuzzNames.
func FuzzValidate(f *testing.F) {
	f.Add([]byte(lines(pr, pr, pr, pr)), byte(0))
	f.Add([]byte(lines(hdr, "u,g", "u,g", "u,g", "u,g")), byte(1))
	f.Fuzz(func(t *testing.T, data []byte, kind byte) {
		checkInvariants(t, fuzzNames[int(kind)%len(fuzzNames)], data)
	})
}
