package datafile

import (
	"runtime"
	"testing"
)

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

// FuzzParquet feeds arbitrary bytes to the Parquet reader: whatever the
// footer, page headers, levels and values say, it reports problems
// (checkInvariants), never panics (the recovered panic is a finding the
// invariant refuses), and allocates within its limits. Seeds in
// testdata/fuzz/FuzzParquet are files of the oracle corpus.
func FuzzParquet(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		checkInvariants(t, "f.parquet", data)
		runtime.ReadMemStats(&after)
		// Three runs of the checks: each holds at most a footer's decoded
		// lists and a few page buffers.
		if got := after.TotalAlloc - before.TotalAlloc; got > 3*(pqMaxFooterCost+4*pqMaxPage) {
			t.Fatalf("%d bytes allocated for a %d-byte file", got, len(data))
		}
	})
}
