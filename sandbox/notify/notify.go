// Package notify is the sandbox's notifications provider: the server side of bff/upstream/notify, whose
// package doc is the API. It accepts e-mail and SMS sends and captures them in an in-memory mailbox
// instead of delivering them: searchable by address and kind, newest first, each message with its
// bodies and the links found in them, so tests and the app's sandbox mailbox can follow a magic link.
// Sends are idempotent by Idempotency-Key. Timestamps come from the sandbox clock; /_sandbox/reset
// empties the mailbox and forgets the keys.
package notify

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"lender/bff/upstream/notify"
	"lender/sandbox/clock"
	"lender/sandbox/hosted"
	"lender/sandbox/httpjson"
	"lender/sandbox/internal/provider"
)

// IdempotencyTTL is how long a send's Idempotency-Key is remembered, on the sandbox clock.
const IdempotencyTTL = 24 * time.Hour

// Search limits of GET /messages.
const (
	defaultLimit = 50
	maxLimit     = 200
)

// Provider holds the mailbox. It is safe for concurrent use.
type Provider struct {
	provider.Base

	mu       sync.RWMutex
	messages []stored // in the order they were accepted
	byID     map[string]int
}

// stored is a captured message with its search key.
type stored struct {
	msg   notify.Message
	toKey string // the address as searched: lower-case e-mail, or the E.164 number
}

// New builds the provider with an empty mailbox.
func New(clk *clock.Clock) *Provider {
	return &Provider{Base: provider.NewBase(clk, IdempotencyTTL), byID: map[string]int{}}
}

// Reset empties the mailbox and forgets every idempotency key.
func (p *Provider) Reset() {
	p.Idem.Reset()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.messages = nil
	p.byID = map[string]int{}
}

// Register adds the provider's routes under prefix (e.g. "/notify/v1").
func (p *Provider) Register(mux *http.ServeMux, prefix string) {
	provider.Register(mux, prefix, provider.Routes{
		"/emails":             {http.MethodPost: p.sendEmail},
		"/sms":                {http.MethodPost: p.sendSMS},
		"/messages":           {http.MethodGet: p.list},
		"/messages/{id}":      {http.MethodGet: p.get},
		"/messages/{id}/read": {http.MethodPost: p.markRead},
	})
}

// Email captures an e-mail another sandbox provider sends itself (the lending core's reminders), as
// POST /emails would without a key; it refuses what that refuses.
func (p *Provider) Email(e notify.Email) (notify.Message, error) {
	if code, msg := validateEmail(e); code != "" {
		return notify.Message{}, errors.New(code + ": " + msg)
	}
	return p.capture(emailMessage(e), strings.ToLower(e.To)), nil
}

// SMS captures an SMS another sandbox provider sends itself, as POST /sms would without a key.
func (p *Provider) SMS(s notify.SMS) (notify.Message, error) {
	if code, msg := validateSMS(s); code != "" {
		return notify.Message{}, errors.New(code + ": " + msg)
	}
	return p.capture(smsMessage(s), s.To), nil
}

// emailMessage and smsMessage are the messages a send captures.
func emailMessage(e notify.Email) notify.Message {
	return notify.Message{
		Kind: notify.KindEmail, To: e.To, From: e.From, Subject: e.Subject, HTML: e.HTML, Text: e.Text,
		Template: e.Template, Tags: e.Tags, Metadata: e.Metadata, Links: extractLinks(e.HTML, e.Text),
	}
}

func smsMessage(s notify.SMS) notify.Message {
	return notify.Message{
		Kind: notify.KindSMS, To: s.To, Text: s.Text, Template: s.Template, Tags: s.Tags, Metadata: s.Metadata,
		Links: extractLinks("", s.Text), Segments: smsSegments(s.Text),
	}
}

// markRead answers POST /messages/{id}/read: the first mark records when; a read message answers as
// it is.
func (p *Provider) markRead(w http.ResponseWriter, r *http.Request) {
	p.answerMessage(w, r, func(m *notify.Message) {
		if !m.Read {
			m.Read, m.ReadAt = true, p.Clock.Now()
		}
	})
}

func (p *Provider) sendEmail(w http.ResponseWriter, r *http.Request) {
	var e notify.Email
	if err := httpjson.Decode(w, r, &e); err != nil {
		httpjson.Error(w, http.StatusBadRequest, notify.CodeBadRequest, "body must be a JSON e-mail: to, subject, html and/or text")
		return
	}
	if code, msg := validateEmail(e); code != "" {
		httpjson.Error(w, http.StatusBadRequest, code, msg)
		return
	}
	p.Idem.Do(w, r, "POST /emails", e, func() (int, any) {
		return http.StatusCreated, p.capture(emailMessage(e), strings.ToLower(e.To))
	})
}

func (p *Provider) sendSMS(w http.ResponseWriter, r *http.Request) {
	var s notify.SMS
	if err := httpjson.Decode(w, r, &s); err != nil {
		httpjson.Error(w, http.StatusBadRequest, notify.CodeBadRequest, "body must be a JSON SMS: to and text")
		return
	}
	if code, msg := validateSMS(s); code != "" {
		httpjson.Error(w, http.StatusBadRequest, code, msg)
		return
	}
	p.Idem.Do(w, r, "POST /sms", s, func() (int, any) {
		return http.StatusCreated, p.capture(smsMessage(s), s.To)
	})
}

// capture stores m as a new delivered message and returns it.
func (p *Provider) capture(m notify.Message, toKey string) notify.Message {
	m.ID = hosted.NewID("msg_")
	m.Status = notify.StatusDelivered
	m.CreatedAt = p.Clock.Now()
	if m.Links == nil {
		m.Links = []string{}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.byID[m.ID] = len(p.messages)
	p.messages = append(p.messages, stored{msg: m, toKey: toKey})
	return m
}

func (p *Provider) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	to := q.Get("to")
	var toKey string
	switch {
	case to == "":
	case strings.HasPrefix(to, "+"):
		if !validE164(to) {
			httpjson.Error(w, http.StatusBadRequest, notify.CodeInvalidAddress, "to must be an e-mail address or an E.164 number such as +447700900123")
			return
		}
		toKey = to
	default:
		if !validEmail(to) {
			httpjson.Error(w, http.StatusBadRequest, notify.CodeInvalidAddress, "to must be an e-mail address or an E.164 number such as +447700900123")
			return
		}
		toKey = strings.ToLower(to)
	}
	kind := q.Get("kind")
	if kind != "" && kind != notify.KindEmail && kind != notify.KindSMS {
		httpjson.Error(w, http.StatusBadRequest, notify.CodeInvalidQuery, "kind must be email or sms")
		return
	}
	limit := defaultLimit
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > maxLimit {
			httpjson.Error(w, http.StatusBadRequest, notify.CodeInvalidQuery, "limit must be a whole number from 1 to 200")
			return
		}
		limit = n
	}

	out := notify.MessageList{Messages: []notify.Message{}}
	p.mu.RLock()
	defer p.mu.RUnlock()
	for i := len(p.messages) - 1; i >= 0 && len(out.Messages) < limit; i-- {
		s := p.messages[i]
		if (toKey == "" || s.toKey == toKey) && (kind == "" || s.msg.Kind == kind) {
			out.Messages = append(out.Messages, s.msg)
		}
	}
	httpjson.Write(w, http.StatusOK, out)
}

func (p *Provider) get(w http.ResponseWriter, r *http.Request) { p.answerMessage(w, r, nil) }

// answerMessage answers the message the path's id names, after change (nil for none) has been applied
// to it under the lock; 404 message_not_found when there is none.
func (p *Provider) answerMessage(w http.ResponseWriter, r *http.Request, change func(m *notify.Message)) {
	p.mu.Lock()
	i, ok := p.byID[r.PathValue("id")]
	var m notify.Message
	if ok {
		if change != nil {
			change(&p.messages[i].msg)
		}
		m = p.messages[i].msg
	}
	p.mu.Unlock()
	if !ok {
		httpjson.Error(w, http.StatusNotFound, notify.CodeMessageNotFound, "no message has that id")
		return
	}
	httpjson.Write(w, http.StatusOK, m)
}
