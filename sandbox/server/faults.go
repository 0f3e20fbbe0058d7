package server

import (
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"lender/sandbox/httpjson"
)

// Fault is injected on every route of one provider: each request waits LatencyMs, then, when Status is
// set, answers that status with {"code":"sandbox_fault"} instead of reaching the provider.
type Fault struct {
	Provider  string `json:"provider"`
	LatencyMs int    `json:"latencyMs"`
	Status    int    `json:"status"`
}

// Limits of a fault.
const (
	maxLatencyMs = 600_000
	// CodeFault is the error code of an answer forced by a fault.
	CodeFault = "sandbox_fault"
)

// faults holds the active faults. Reads on the request path are lock-free.
type faults struct {
	mu     sync.Mutex // serialises writers
	active atomic.Pointer[map[string]Fault]
}

func newFaults() *faults {
	f := &faults{}
	f.active.Store(&map[string]Fault{})
	return f
}

func (f *faults) get(provider string) (Fault, bool) {
	m := *f.active.Load()
	if len(m) == 0 {
		return Fault{}, false
	}
	ft, ok := m[provider]
	return ft, ok
}

func (f *faults) set(ft Fault) {
	f.mu.Lock()
	defer f.mu.Unlock()
	old := *f.active.Load()
	next := make(map[string]Fault, len(old)+1)
	for k, v := range old {
		next[k] = v
	}
	next[ft.Provider] = ft
	f.active.Store(&next)
}

// clear removes provider's fault, or every fault when provider is "".
func (f *faults) clear(provider string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	next := map[string]Fault{}
	if provider != "" {
		for k, v := range *f.active.Load() {
			if k != provider {
				next[k] = v
			}
		}
	}
	f.active.Store(&next)
}

// list is the active faults, sorted by provider.
func (f *faults) list() []Fault {
	m := *f.active.Load()
	out := make([]Fault, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Provider < out[j].Provider })
	return out
}

// apply waits the fault's latency (real time, not the sandbox clock: it simulates a slow network) and
// answers its status. It reports whether the request should go on to the provider.
func (ft Fault) apply(w http.ResponseWriter, r *http.Request) bool {
	if ft.LatencyMs > 0 {
		timer := time.NewTimer(time.Duration(ft.LatencyMs) * time.Millisecond)
		select {
		case <-timer.C:
		case <-r.Context().Done():
			timer.Stop()
			return false // the caller gave up; nobody reads an answer
		}
	}
	if ft.Status != 0 {
		httpjson.Error(w, ft.Status, CodeFault, "answer forced by a sandbox fault")
		return false
	}
	return true
}
