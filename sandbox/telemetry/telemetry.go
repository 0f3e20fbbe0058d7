// Package telemetry is the sandbox's error-reporting and product-analytics receiver: what the BFF's
// telemetry tunnels forward to in development and tests (in production they forward to the real,
// Sentry- and PostHog-compatible services). It captures instead of processing: every error envelope
// and every analytics event is kept in memory, readable at GET /_sandbox/telemetry, so a test can
// prove that a browser's report went through the BFF and arrived. /_sandbox/reset empties it.
//
//	GET  /health            200 {"status":"ok"}.
//	POST /errors            A Sentry envelope (newline-delimited: a JSON header, then item header and
//	                        payload pairs; any content type). 200 {"id":"<event id>"}; 400 bad_envelope.
//	POST /analytics/batch   A PostHog batch {"api_key", "batch":[{event, distinct_id, properties,
//	                        timestamp}]}. 200 {"status":1}; 400 bad_request.
package telemetry

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"lender/sandbox/clock"
	"lender/sandbox/httpjson"
	"lender/sandbox/internal/provider"
)

// Limits. The capture is for tests and people trying the product, so it keeps only the latest
// records rather than grow without bound in a long-running sandbox.
const (
	maxEnvelopeBytes = 1 << 20
	maxBatchBytes    = 1 << 20
	maxKept          = 1000
)

// Exception is the first exception of an error event.
type Exception struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

// Report is one captured error envelope. The fields other than Raw come from its first event item
// (empty when it had none, e.g. an envelope of sessions only).
type Report struct {
	ReceivedAt time.Time         `json:"receivedAt"`
	DSN        string            `json:"dsn"`
	EventID    string            `json:"eventId,omitempty"`
	ItemTypes  []string          `json:"itemTypes"`
	Exception  *Exception        `json:"exception,omitempty"`
	Message    string            `json:"message,omitempty"`
	Level      string            `json:"level,omitempty"`
	Tags       map[string]string `json:"tags,omitempty"`
	// Raw is the envelope exactly as it arrived.
	Raw string `json:"raw"`
}

// Event is one captured analytics event.
type Event struct {
	ReceivedAt time.Time      `json:"receivedAt"`
	APIKey     string         `json:"apiKey"`
	Event      string         `json:"event"`
	DistinctID string         `json:"distinct_id"`
	Properties map[string]any `json:"properties"`
	Timestamp  string         `json:"timestamp,omitempty"`
}

// Capture is the answer of GET /_sandbox/telemetry: oldest first.
type Capture struct {
	Errors []Report `json:"errors"`
	Events []Event  `json:"events"`
}

// Provider holds what was captured. It is safe for concurrent use.
type Provider struct {
	clock *clock.Clock

	mu      sync.Mutex
	reports []Report
	events  []Event
}

// New builds an empty receiver.
func New(clk *clock.Clock) *Provider { return &Provider{clock: clk} }

// Reset forgets everything captured.
func (p *Provider) Reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.reports, p.events = nil, nil
}

// Register adds the receiver's routes under prefix (e.g. "/telemetry/v1").
func (p *Provider) Register(mux *http.ServeMux, prefix string) {
	provider.Register(mux, prefix, provider.Routes{
		"/errors":          {http.MethodPost: p.postErrors},
		"/analytics/batch": {http.MethodPost: p.postBatch},
	})
}

// Snapshot is everything captured; eventName, when set, keeps only the events of that name.
func (p *Provider) Snapshot(eventName string) Capture {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := Capture{Errors: append([]Report{}, p.reports...), Events: []Event{}}
	for _, e := range p.events {
		if eventName == "" || e.Event == eventName {
			out.Events = append(out.Events, e)
		}
	}
	return out
}

// ServeCapture answers GET /_sandbox/telemetry (?event= filters the events by name).
func (p *Provider) ServeCapture(w http.ResponseWriter, r *http.Request) {
	httpjson.Write(w, http.StatusOK, p.Snapshot(r.URL.Query().Get("event")))
}

func (p *Provider) postErrors(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxEnvelopeBytes))
	if err != nil {
		httpjson.Error(w, http.StatusRequestEntityTooLarge, "too_large", "an envelope may be at most 1 MiB")
		return
	}
	rep, err := ParseEnvelope(raw)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, "bad_envelope", err.Error())
		return
	}
	rep.ReceivedAt = p.clock.Now().UTC()
	p.mu.Lock()
	p.reports = keepLatest(append(p.reports, rep))
	p.mu.Unlock()
	httpjson.Write(w, http.StatusOK, map[string]string{"id": rep.EventID})
}

// batch is the PostHog batch as the sandbox reads it.
type batch struct {
	APIKey string `json:"api_key"`
	Batch  []struct {
		Event      string         `json:"event"`
		DistinctID string         `json:"distinct_id"`
		Properties map[string]any `json:"properties"`
		Timestamp  string         `json:"timestamp"`
	} `json:"batch"`
}

func (p *Provider) postBatch(w http.ResponseWriter, r *http.Request) {
	var b batch
	// Not httpjson.Decode: PostHog batches carry fields this receiver does not read (sent_at, uuid,
	// type), and an analytics receiver accepts them.
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBatchBytes))
	if err := dec.Decode(&b); err != nil || b.APIKey == "" {
		httpjson.Error(w, http.StatusBadRequest, "bad_request", "body must be {\"api_key\":…,\"batch\":[{\"event\":…,\"distinct_id\":…,\"properties\":{…}}]}")
		return
	}
	now := p.clock.Now().UTC()
	events := make([]Event, 0, len(b.Batch))
	for i, e := range b.Batch {
		if e.Event == "" {
			httpjson.Error(w, http.StatusBadRequest, "bad_request", "batch["+strconv.Itoa(i)+"] has no event name")
			return
		}
		if e.Properties == nil {
			e.Properties = map[string]any{}
		}
		events = append(events, Event{ReceivedAt: now, APIKey: b.APIKey, Event: e.Event, DistinctID: e.DistinctID,
			Properties: e.Properties, Timestamp: e.Timestamp})
	}
	p.mu.Lock()
	p.events = keepLatest(append(p.events, events...))
	p.mu.Unlock()
	httpjson.Write(w, http.StatusOK, map[string]int{"status": 1})
}

func keepLatest[T any](s []T) []T {
	if len(s) <= maxKept {
		return s
	}
	return append([]T(nil), s[len(s)-maxKept:]...)
}

// ParseEnvelope reads a Sentry envelope: a JSON header line (with dsn and event_id), then items, each
// a JSON header line and a payload that is either the header's length in bytes or the rest of the
// line. The first event item's exception, message, level and tags are kept.
func ParseEnvelope(raw []byte) (Report, error) {
	rep := Report{Raw: string(raw), ItemTypes: []string{}}
	line, rest := cutLine(raw)
	var head struct {
		DSN     string `json:"dsn"`
		EventID string `json:"event_id"`
	}
	if err := json.Unmarshal(line, &head); err != nil {
		return Report{}, errors.New("the first line is not the envelope's JSON header")
	}
	rep.DSN, rep.EventID = head.DSN, head.EventID
	for len(bytes.TrimSpace(rest)) > 0 {
		line, rest = cutLine(rest)
		var item struct {
			Type   string `json:"type"`
			Length *int   `json:"length"`
		}
		if err := json.Unmarshal(line, &item); err != nil || item.Type == "" {
			return Report{}, errors.New("an item header is not JSON with a type")
		}
		var payload []byte
		if item.Length != nil {
			n := *item.Length
			if n < 0 || n > len(rest) {
				return Report{}, errors.New("an item's length runs past the end of the envelope")
			}
			payload, rest = rest[:n], rest[n:]
			if len(rest) > 0 && rest[0] == '\n' {
				rest = rest[1:]
			}
		} else {
			payload, rest = cutLine(rest)
		}
		rep.ItemTypes = append(rep.ItemTypes, item.Type)
		if item.Type == "event" && rep.Exception == nil && rep.Message == "" {
			if err := readEvent(payload, &rep); err != nil {
				return Report{}, err
			}
		}
	}
	return rep, nil
}

// cutLine splits b at its first newline (dropped).
func cutLine(b []byte) (line, rest []byte) {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i], b[i+1:]
	}
	return b, nil
}

// readEvent keeps the parts of an event payload a test looks at.
func readEvent(payload []byte, rep *Report) error {
	var ev struct {
		EventID   string          `json:"event_id"`
		Level     string          `json:"level"`
		Message   json.RawMessage `json:"message"`
		Tags      json.RawMessage `json:"tags"`
		Exception struct {
			Values []Exception `json:"values"`
		} `json:"exception"`
	}
	if err := json.Unmarshal(payload, &ev); err != nil {
		return errors.New("an event item's payload is not JSON")
	}
	if rep.EventID == "" {
		rep.EventID = ev.EventID
	}
	rep.Level = ev.Level
	if len(ev.Exception.Values) > 0 {
		// Sentry lists chained exceptions innermost first; the last one is what was thrown.
		e := ev.Exception.Values[len(ev.Exception.Values)-1]
		rep.Exception = &e
	}
	rep.Message = eventMessage(ev.Message)
	rep.Tags = eventTags(ev.Tags)
	return nil
}

// eventMessage reads a message given as a string or as {"formatted"|"message": …}.
func eventMessage(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var m struct {
		Formatted string `json:"formatted"`
		Message   string `json:"message"`
	}
	if json.Unmarshal(raw, &m) == nil {
		if m.Formatted != "" {
			return m.Formatted
		}
		return m.Message
	}
	return ""
}

// eventTags reads tags given as an object or as [[key, value], …], values made strings.
func eventTags(raw json.RawMessage) map[string]string {
	out := map[string]string{}
	var obj map[string]any
	if json.Unmarshal(raw, &obj) == nil {
		for k, v := range obj {
			out[k] = scalar(v)
		}
	} else {
		var pairs [][2]any
		if json.Unmarshal(raw, &pairs) == nil {
			for _, kv := range pairs {
				out[scalar(kv[0])] = scalar(kv[1])
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func scalar(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case nil:
		return ""
	default:
		b, _ := json.Marshal(t)
		return string(b)
	}
}
