package lending

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"lender/bff/upstream/lending"
)

// events reads the feed after the cursor.
func (h *harness) events(after int64) lending.EventList {
	h.t.Helper()
	var l lending.EventList
	h.must(h.do(http.MethodGet, "/events?after="+strconv.FormatInt(after, 10), nil), http.StatusOK, &l)
	return l
}

// eventsOf are the types of the events about application id, in feed order.
func eventsOf(l lending.EventList, id string) []string {
	var out []string
	for _, e := range l.Events {
		if e.ApplicationID == id {
			out = append(out, e.Type)
		}
	}
	return out
}

func sameTypes(got []string, want ...string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

// TestTheEventFeedFollowsEachApplication: every decision, signature and payout is in the feed once, in
// order, with increasing seqs; the seed adds nothing, and a reset keeps the seq going.
func TestTheEventFeedFollowsEachApplication(t *testing.T) {
	h := newHarness(t)
	if start := h.events(0); len(start.Events) != 0 || start.LatestSeq != 0 {
		t.Fatalf("the seed's own steps are in the feed: %+v", start)
	}

	paid := h.readyForDrawdown("paid@example.com")
	var l lending.Loan
	h.must(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: paid.ID}, "Idempotency-Key: dd-paid"), http.StatusCreated, &l)
	// A replayed drawdown opens nothing and says nothing again.
	h.must(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: paid.ID}, "Idempotency-Key: dd-paid"), http.StatusCreated, nil)
	declined := h.submitted("jo+decline@example.com")
	countered := h.submitted("jo+counteroffer@example.com")
	h.appStep(http.MethodPost, countered.ID, "counteroffer-response", lending.CounterofferResponse{Accept: true})

	feed := h.events(0)
	if !sameTypes(eventsOf(feed, paid.ID), lending.EventApplicationApproved, lending.EventAgreementSigned, lending.EventLoanPaidOut) ||
		!sameTypes(eventsOf(feed, declined.ID), lending.EventApplicationDeclined) ||
		!sameTypes(eventsOf(feed, countered.ID), lending.EventApplicationCounteroffered, lending.EventApplicationApproved) {
		t.Fatalf("feed %+v", feed.Events)
	}
	seen := map[string]bool{}
	for i, e := range feed.Events {
		if e.Seq != int64(i+1) || seen[e.ID] || e.CustomerID == "" || !e.OccurredAt.Equal(testNow) {
			t.Fatalf("event %d: %+v", i, e)
		}
		seen[e.ID] = true
		if e.Type == lending.EventLoanPaidOut && e.LoanID != l.ID {
			t.Fatalf("the payout names loan %q, want %s", e.LoanID, l.ID)
		}
	}
	if feed.LatestSeq != int64(len(feed.Events)) {
		t.Fatalf("latestSeq %d after %d events", feed.LatestSeq, len(feed.Events))
	}

	// A cursor and a limit page through it.
	var page lending.EventList
	h.must(h.do(http.MethodGet, "/events?after=2&limit=2", nil), http.StatusOK, &page)
	if len(page.Events) != 2 || page.Events[0].Seq != 3 || page.Events[1].Seq != 4 || page.LatestSeq != feed.LatestSeq {
		t.Fatalf("page %+v", page)
	}
	for _, q := range []string{"after=-1", "after=x", "limit=0", "limit=201", "after=1&after=2", "since=3"} {
		h.refused(h.do(http.MethodGet, "/events?"+q, nil), http.StatusBadRequest, lending.CodeInvalidQuery)
	}

	// A reset empties the feed and keeps the seq: a reader's cursor still means "after this".
	h.p.Reset()
	if after := h.events(0); len(after.Events) != 0 || after.LatestSeq != feed.LatestSeq {
		t.Fatalf("after a reset: %+v", after)
	}
	next := h.approved("after-reset@example.com")
	if again := h.events(feed.LatestSeq); len(again.Events) != 1 || again.Events[0].Seq != feed.LatestSeq+1 || again.Events[0].ApplicationID != next.ID {
		t.Fatalf("after a reset the feed goes on with %+v", again.Events)
	}
}

// TestAReferralIsInTheFeedWhenItsTimeComes: a referral decided later is an event as soon as it is due,
// whoever reads what: reading the feed decides it, as of its DecisionDueAt.
func TestAReferralIsInTheFeedWhenItsTimeComes(t *testing.T) {
	h := newHarness(t)
	a := h.submitted("jo+refer+decline@example.com")
	if a.Status != lending.ApplicationReferred {
		t.Fatalf("status %s", a.Status)
	}
	if l := h.events(0); len(eventsOf(l, a.ID)) != 0 {
		t.Fatalf("a referral is not a decision: %+v", l.Events)
	}
	h.clock.Advance(23 * time.Hour)
	if l := h.events(0); len(eventsOf(l, a.ID)) != 0 {
		t.Fatal("decided before its time")
	}
	h.clock.Advance(2 * time.Hour)
	// (The seeded waitingPage persona's referral falls due then too: it is in the feed as well.)
	l := h.events(0)
	var decided *lending.Event
	for i, e := range l.Events {
		if e.ApplicationID == a.ID {
			decided = &l.Events[i]
		}
	}
	if !sameTypes(eventsOf(l, a.ID), lending.EventApplicationDeclined) || !decided.OccurredAt.Equal(a.Decision.DecisionDueAt) {
		t.Fatalf("when due: %+v, want declined at %v", l.Events, a.Decision.DecisionDueAt)
	}
	if got := h.app(a.ID); got.Status != lending.ApplicationDeclined {
		t.Fatalf("the application is %s", got.Status)
	}
	if again := h.events(0); len(eventsOf(again, a.ID)) != 1 || len(again.Events) != len(l.Events) {
		t.Fatalf("read twice, the decision is one event: %+v", again.Events)
	}
}
