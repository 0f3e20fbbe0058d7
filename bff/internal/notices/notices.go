// Package notices mails borrowers what the lending core decided and did about their application: a
// decision (approved, declined, a smaller loan offered; a referral's too, when it is decided later),
// the credit agreement signed (with the way to their signed copy), and the loan paid out.
//
// Where the news comes from. Only the lending core's own record counts, never a browser's word: the
// mails follow its event feed (GET /lending/v1/events, bff/upstream/lending "Events"), in which every
// decision, signature and payout is an event once it is recorded. A referral is decided when its time
// comes whether or not the applicant is looking, and the feed says so as soon as it is due, so its
// decision mail follows it within a poll. The feed was chosen over webhooks from the core: the BFF
// needs no inbound endpoint or shared secret, it catches up by itself after any downtime (the cursor
// says where it stopped), and it reads the core's lazily decided referrals as they fall due.
//
// How. Poller.Run reads the feed every Config.PollInterval from a cursor kept in Redis
// (<prefix>notices:cursor, the Seq of the last event handled) and handles the events in order: each
// becomes at most one mail, sent through the notify provider with the idempotency key
// "notice-<event id>", so a send retried after a failure, a cursor that went back, or two BFF
// instances reading at once still mail a person once per event (the provider remembers a key for 24
// hours, and a key it knows with another body, the application having moved on, counts as sent). The
// cursor moves past an event only once its mail is sent (or it needs none, or can never be sent: a mail
// the provider refuses, an event about a registration discarded since), so a failure is retried at the
// next poll and nothing permanent holds the later events back. With no cursor yet (a new deployment,
// Redis emptied) the poller starts at the feed's latest Seq: mails are for what happens from then on,
// never a replay of history. A feed whose latest Seq is behind the cursor has started again (a lending
// core without its history, such as a sandbox restarted without its snapshot), and is read from its
// start.
package notices

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/shared/branding"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// page is how many events one read of the feed asks for.
const page = 50

// Config configures the poller.
type Config struct {
	// PublicURL is where the borrower app is served; the mails' links start with it.
	PublicURL string
	// PollInterval is how often the feed is read.
	PollInterval time.Duration
	// KeyPrefix prefixes the Redis key of the cursor; RedisTimeout bounds each Redis command.
	KeyPrefix    string
	RedisTimeout time.Duration
	// Brands are the brands mails are sent in: the one owning the application, or the default.
	Brands branding.Catalogue
}

// Poller follows the lending core's event feed and mails borrowers.
type Poller struct {
	cfg     Config
	redis   *redis.Client
	lending Lending
	notify  Notify
	log     *slog.Logger
}

// New returns a poller; Run starts it.
func New(cfg Config, rdb *redis.Client, l Lending, n Notify, log *slog.Logger) *Poller {
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	return &Poller{cfg: cfg, redis: rdb, lending: l, notify: n, log: log}
}

// Run polls until ctx ends. A failed poll is logged and the next one tries again.
func (p *Poller) Run(ctx context.Context) {
	t := time.NewTicker(p.cfg.PollInterval)
	defer t.Stop()
	for {
		if err := p.poll(ctx); err != nil && ctx.Err() == nil {
			p.log.WarnContext(ctx, "notices: the lending core's events were not all handled; the next poll goes on", "cause", err.Error())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// poll handles every event after the cursor, a page at a time.
func (p *Poller) poll(ctx context.Context) error {
	cursor, ok, err := p.cursor(ctx)
	if err != nil {
		return err
	}
	if !ok {
		feed, err := p.lending.Events(ctx, 0, 1)
		if err != nil {
			return err
		}
		return p.setCursor(ctx, feed.LatestSeq)
	}
	for {
		feed, err := p.lending.Events(ctx, cursor, page)
		if err != nil {
			return err
		}
		if feed.LatestSeq < cursor {
			return p.setCursor(ctx, 0) // the feed started again: read it from its start
		}
		for _, e := range feed.Events {
			if err := p.handle(ctx, e); err != nil {
				return err
			}
			if err := p.advance(ctx, e.Seq); err != nil {
				return err
			}
			cursor = e.Seq
		}
		if len(feed.Events) < page {
			return nil
		}
	}
}

// handle mails the news of e to its customer, once.
func (p *Poller) handle(ctx context.Context, e lending.Event) error {
	mail, err := p.mailFor(ctx, e)
	switch {
	case errors.Is(err, errNoMail):
		return nil
	case errors.Is(err, lending.ErrCustomerNotFound), errors.Is(err, lending.ErrApplicationNotFound), errors.Is(err, lending.ErrLoanNotFound):
		// Nobody left to tell (a registration its address's owner discarded): nothing will change that.
		p.log.InfoContext(ctx, "notices: an event about nothing that exists now is not mailed", "event", e.ID, "type", e.Type)
		return nil
	case err != nil:
		return err
	}
	_, err = p.notify.SendEmail(ctx, "notice-"+e.ID, mail)
	switch {
	case errors.Is(err, notify.ErrIdempotencyConflict):
		// This event's mail went already, when the application read otherwise (a figure has moved
		// since): it is not sent again.
		p.log.InfoContext(ctx, "notices: mailed before", "event", e.ID, "type", e.Type)
		return nil
	case errors.Is(err, notify.ErrInvalidAddress), errors.Is(err, notify.ErrInvalidMessage):
		// The provider will never take it: waiting would hold back every later event.
		p.log.WarnContext(ctx, "notices: the provider refused the mail; it is not sent", "event", e.ID, "type", e.Type, "cause", err.Error())
		return nil
	case err != nil:
		return err
	}
	p.log.InfoContext(ctx, "notices: mailed", "event", e.ID, "type", e.Type)
	return nil
}

func (p *Poller) cursorKey() string { return p.cfg.KeyPrefix + "notices:cursor" }

// cursor is the Seq of the last event handled; ok is false when there is none yet.
func (p *Poller) cursor(ctx context.Context) (int64, bool, error) {
	ctx, cancel := context.WithTimeout(ctx, p.cfg.RedisTimeout)
	defer cancel()
	raw, err := p.redis.Get(ctx, p.cursorKey()).Result()
	if errors.Is(err, redis.Nil) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n < 0 {
		return 0, false, nil // not a cursor this poller wrote: start again at the latest
	}
	return n, true, nil
}

func (p *Poller) setCursor(ctx context.Context, seq int64) error {
	ctx, cancel := context.WithTimeout(ctx, p.cfg.RedisTimeout)
	defer cancel()
	return p.redis.Set(ctx, p.cursorKey(), seq, 0).Err()
}

// advanceScript moves the cursor forward only: another instance that handled more already keeps it.
var advanceScript = redis.NewScript(`
local current = tonumber(redis.call('GET', KEYS[1]) or '-1') or -1
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`)

func (p *Poller) advance(ctx context.Context, seq int64) error {
	ctx, cancel := context.WithTimeout(ctx, p.cfg.RedisTimeout)
	defer cancel()
	return advanceScript.Run(ctx, p.redis, []string{p.cursorKey()}, seq).Err()
}
