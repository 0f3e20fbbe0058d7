package lending

import (
	"net/http"
	"slices"
	"strconv"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
)

// The event feed (GET /events): what happened to applications and loans, in the order it was recorded,
// for a reader that follows it with a cursor (the BFF mails borrowers from it). Events are recorded
// where the fact is: a decision (decideApplication), a counteroffer accepted, a signature, a drawdown.
//
// A referral is decided lazily (settle), so reading the feed first settles every referral that is due:
// the decision's event is in the feed as soon as its time has come, whoever reads what, and its
// OccurredAt is the DecisionDueAt it was decided as of.
//
// Seq never goes back and is never reused, across resets too (Reset carries it over; the snapshot keeps
// it), so a reader's cursor stays meaningful; the seed's own steps record no events.

// defaultEventsPage is how many events a read answers without a limit.
const defaultEventsPage = 50

// keptEvents is how many events the feed keeps, the oldest dropped first: a sandbox that runs for
// weeks (make run with a snapshot) does not grow without end, and a reader days behind is rare.
const keptEvents = 10_000

// eventLog is the feed. It lives in state, so Provider.mu guards it; fields are exported for the
// snapshot.
type eventLog struct {
	Seq    int64           `json:"seq"` // the last Seq given
	Events []lending.Event `json:"events"`
}

// emit records an event of typ about application a (and its loan, once drawn down) at at. The caller
// holds Provider.mu.
func (st *state) emit(typ string, a *application, at time.Time) {
	st.events.Seq++
	st.events.Events = append(st.events.Events, lending.Event{ID: newID("evt_"), Seq: st.events.Seq, Type: typ,
		OccurredAt: at, CustomerID: a.customerID, ApplicationID: a.id, LoanID: a.loanID})
	if n := len(st.events.Events); n > keptEvents {
		st.events.Events = slices.Clone(st.events.Events[n-keptEvents:])
	}
}

// quiet forgets the events recorded so far: the seed builds its applications by the same steps as
// anyone's, which are news to nobody. (Reset then carries the Seq of the state it replaces over.)
func (st *state) quiet() {
	st.events = eventLog{}
}

// settleDue decides every referral whose time has come. The caller holds Provider.mu.
func (st *state) settleDue(now time.Time) {
	for _, a := range st.apps.byID {
		st.settle(a, now)
	}
}

// listEvents answers GET /events?after=&limit=.
func (p *Provider) listEvents(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	after, limit, ok := int64(0), defaultEventsPage, true
	for key, values := range q {
		if len(values) != 1 {
			ok = false
			continue
		}
		n, err := strconv.ParseInt(values[0], 10, 64)
		switch {
		case err != nil || n < 0:
			ok = false
		case key == "after":
			after = n
		case key == "limit" && n >= 1 && n <= lending.MaxEventsPage:
			limit = int(n)
		default:
			ok = false
		}
	}
	if !ok {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeInvalidQuery,
			"give after (a seq, 0 or more) and optionally limit (1 to 200), such as ?after=0&limit=50")
		return
	}
	now := p.Clock.Now()
	p.mu.Lock()
	before := p.st.events.Seq
	p.st.settleDue(now)
	out := lending.EventList{Events: []lending.Event{}, LatestSeq: p.st.events.Seq}
	for _, e := range p.st.events.Events {
		if e.Seq > after && len(out.Events) < limit {
			out.Events = append(out.Events, e)
		}
	}
	p.mu.Unlock()
	if out.LatestSeq != before {
		p.stateChanged() // a referral decided on the way is a change for the snapshot
	}
	httpjson.Write(w, http.StatusOK, out)
}
