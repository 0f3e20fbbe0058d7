package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"lender/bff/upstream/payments"
	"lender/sandbox/clock"
)

// webhooks records webhook deliveries and runs them: each delivery is POSTed by its own goroutine of
// the worker, retried after each failure (no answer, or not 2xx) with the configured real-time delays
// until acknowledged or out of attempts. Timestamps come from the sandbox clock.
type webhooks struct {
	clock  *clock.Clock
	secret string
	delays []time.Duration
	client *http.Client

	mu         sync.Mutex
	deliveries []*delivery
	ctx        context.Context // this generation's; Reset and Close cancel it
	cancel     context.CancelFunc
	closed     bool
	wg         sync.WaitGroup // one per delivery goroutine
}

// delivery is one event on its way to one URL.
type delivery struct {
	rec  payments.WebhookDelivery // guarded by webhooks.mu
	body []byte                   // the exact bytes every attempt sends and signs
}

func newWebhooks(clk *clock.Clock, cfg Config) *webhooks {
	ctx, cancel := context.WithCancel(context.Background())
	return &webhooks{
		clock:  clk,
		secret: cfg.Secret,
		delays: cfg.RetryDelays,
		client: &http.Client{
			Timeout:       cfg.WebhookTimeout,
			Transport:     &http.Transport{MaxIdleConnsPerHost: 4, IdleConnTimeout: 30 * time.Second},
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		ctx:    ctx,
		cancel: cancel,
	}
}

// send records ev for delivery to target and starts delivering it. An empty target sends nothing.
func (h *webhooks) send(target string, ev payments.WebhookEvent) {
	if target == "" {
		return
	}
	body, err := json.Marshal(ev)
	if err != nil {
		return // events always encode
	}
	d := &delivery{body: body, rec: payments.WebhookDelivery{
		ID: "whd_" + randomHex(8), Event: ev, URL: target, Status: payments.DeliveryPending,
		Attempts: []payments.DeliveryAttempt{}, MaxAttempts: len(h.delays) + 1, CreatedAt: h.clock.Now(),
	}}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.deliveries = append(h.deliveries, d)
	if h.closed {
		return // recorded; the worker has stopped
	}
	h.wg.Add(1)
	go h.deliver(h.ctx, d, 1)
}

// Redelivery refusals.
var (
	errDeliveryNotFound  = errors.New("no such webhook delivery")
	errDeliveryNotFailed = errors.New("the webhook delivery is pending or delivered")
	errWorkerStopped     = errors.New("the webhook worker has stopped")
)

// redeliver starts a new series of attempts (as many as the first) for a failed delivery: it is pending
// again, its earlier attempts kept and the numbering continued. A pending or delivered delivery is
// errDeliveryNotFailed, so concurrent redeliveries start one series.
func (h *webhooks) redeliver(id string) (payments.WebhookDelivery, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	var d *delivery
	for _, x := range h.deliveries {
		if x.rec.ID == id {
			d = x
			break
		}
	}
	switch {
	case d == nil:
		return payments.WebhookDelivery{}, errDeliveryNotFound
	case d.rec.Status != payments.DeliveryFailed:
		return payments.WebhookDelivery{}, errDeliveryNotFailed
	case h.closed:
		return payments.WebhookDelivery{}, errWorkerStopped
	}
	first := len(d.rec.Attempts) + 1
	d.rec.Status = payments.DeliveryPending
	d.rec.MaxAttempts = len(d.rec.Attempts) + len(h.delays) + 1
	h.wg.Add(1)
	go h.deliver(h.ctx, d, first)
	return copyDelivery(d.rec), nil
}

// deliver makes the attempts of d, numbered from first, until one is acknowledged, attempts run out,
// or ctx ends.
func (h *webhooks) deliver(ctx context.Context, d *delivery, first int) {
	defer h.wg.Done()
	for n := first; ; n++ {
		at := h.clock.Now()
		code, errText := h.post(ctx, d, n, at)
		if ctx.Err() != nil {
			return // reset or closed: the delivery is abandoned
		}
		h.mu.Lock()
		d.rec.Attempts = append(d.rec.Attempts, payments.DeliveryAttempt{Number: n, At: at, StatusCode: code, Error: errText})
		d.rec.NextAttemptAt = nil
		switch {
		case code >= 200 && code < 300:
			d.rec.Status = payments.DeliveryDelivered
		case n >= d.rec.MaxAttempts:
			d.rec.Status = payments.DeliveryFailed
		default:
			next := h.clock.Now().Add(h.delays[n-first])
			d.rec.NextAttemptAt = &next
		}
		more := d.rec.Status == payments.DeliveryPending
		h.mu.Unlock()
		if !more {
			return
		}
		t := time.NewTimer(h.delays[n-first])
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return
		}
	}
}

// post sends attempt n, signed at the sandbox time at. It answers the status, or 0 and why there was
// none. It reads only the fields of d that never change.
func (h *webhooks) post(ctx context.Context, d *delivery, n int, at time.Time) (int, string) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.rec.URL, bytes.NewReader(d.body))
	if err != nil {
		return 0, "the webhook URL cannot be requested"
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "lender-sandbox-payments")
	req.Header.Set(payments.SignatureHeader, payments.SignWebhook(h.secret, at, d.body))
	req.Header.Set("X-Event-Id", d.rec.Event.ID)
	req.Header.Set("X-Event-Type", d.rec.Event.Type)
	req.Header.Set("X-Delivery-Attempt", strconv.Itoa(n))
	resp, err := h.client.Do(req)
	if err != nil {
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return 0, err.Error()
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
	return resp.StatusCode, ""
}

// list is every delivery, oldest first, as copies.
func (h *webhooks) list() []payments.WebhookDelivery {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]payments.WebhookDelivery, 0, len(h.deliveries))
	for _, d := range h.deliveries {
		out = append(out, copyDelivery(d.rec))
	}
	return out
}

// copyDelivery is a deep copy of r.
func copyDelivery(r payments.WebhookDelivery) payments.WebhookDelivery {
	r.Attempts = append([]payments.DeliveryAttempt{}, r.Attempts...)
	if r.NextAttemptAt != nil {
		t := *r.NextAttemptAt
		r.NextAttemptAt = &t
	}
	return r
}

// reset forgets every delivery and abandons those in progress.
func (h *webhooks) reset() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.cancel()
	h.ctx, h.cancel = context.WithCancel(context.Background())
	h.deliveries = nil
}

// close stops the worker and waits for its goroutines.
func (h *webhooks) close() {
	h.mu.Lock()
	h.closed = true
	h.cancel()
	h.mu.Unlock()
	h.wg.Wait()
	h.client.CloseIdleConnections()
}
