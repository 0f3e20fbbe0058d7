package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/web"
)

// Proof is how the person behind a session proved who they are. Every session has one. Only ProofNone,
// a registration's session before the person has proved their e-mail address, is unproven: anyone can
// register with any address, so such a session reaches only the registration's own draft (the router
// refuses it every operation not marked x-before-proof) and ends when the address is proved (Prove) or
// after Config.UnprovenTTL (see docs/decisions/registration-proves-the-address.md).
type Proof string

// The proofs.
const (
	ProofNone              Proof = "none"               // registered, address not proved yet
	ProofEmailConfirmation Proof = "email-confirmation" // the link mailed at registration, opened in this session
	ProofEmailLink         Proof = "email-link"         // a sign-in link mailed to the address
	ProofEmailCode         Proof = "email-code"         // a sign-in code mailed to the address
	ProofPhoneCode         Proof = "phone-code"         // a sign-in code sent by SMS
	ProofPIN               Proof = "pin"                // the customer's PIN
	ProofStaff             Proof = "staff"              // a member of staff acting for the borrower
	ProofPassword          Proof = "password"           // a staff or portal password
	ProofSandbox           Proof = "sandbox"            // the sandbox mailbox's own sign-in
)

// SentSecret reports whether the proof is a one-time link or code sent to the person's e-mail address
// or phone in this session's sign-in: what stands in for a PIN that is locked, so that a new one may be
// set (a PIN session, or staff, cannot).
func (p Proof) SentSecret() bool {
	return p == ProofEmailLink || p == ProofEmailCode || p == ProofPhoneCode
}

// Proven reports whether the session's person has proved who they are.
func (s *Session) Proven() bool { return s.Proof != ProofNone }

// Indexes. A set per subject and audience lists the sessions started for them (so a proof or a discarded
// registration can end the others), and a set per session lists the sessions it opened (so a member of
// staff's sign-out ends the borrower sessions they opened). Entries are not removed when a session ends
// by itself: a stale id names a key that no longer exists, and each set expires with its last session.

func (m *Manager) subjectKey(a Audience, subject string) string {
	return m.cfg.KeyPrefix + "session-subject:" + string(a) + ":" + subject
}

func (m *Manager) openedKey(sid string) string { return m.cfg.KeyPrefix + "session-opened:" + sid }

// indexScript adds a session id to a set and makes the set live at least as long as the session.
// One key, so it runs unchanged on a Redis Cluster.
//
// KEYS[1] the set; ARGV[1] the session id; ARGV[2] the session's life (ms).
var indexScript = redis.NewScript(`
redis.call('SADD', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1
`)

// index adds sid to the set at key for ttl.
func (m *Manager) index(ctx context.Context, key, sid string, ttl time.Duration) error {
	ctx, cancel := m.redisCtx(ctx)
	defer cancel()
	if err := indexScript.Run(ctx, m.rdb, []string{key}, sid, ttl.Milliseconds()).Err(); err != nil {
		return fmt.Errorf("session: redis: %w", err)
	}
	return nil
}

// alive reports whether session sid's record exists.
func (m *Manager) alive(ctx context.Context, sid string) (bool, error) {
	ctx, cancel := m.redisCtx(ctx)
	defer cancel()
	n, err := m.rdb.Exists(ctx, m.key(sid)).Result()
	if err != nil {
		return false, fmt.Errorf("session: redis: %w", err)
	}
	return n == 1, nil
}

// RevokeSubject ends the sessions of audience a started for subject, except the session except: every
// one of them, or with onlyUnproven only those of ProofNone. A Redis failure is a CodeDependencyDown
// *web.Error, and then some sessions may not have ended: the caller fails too, and a retry ends them.
func (m *Manager) RevokeSubject(ctx context.Context, a Audience, subject, except string, onlyUnproven bool) error {
	rctx, cancel := m.redisCtx(ctx)
	defer cancel()
	sids, err := m.rdb.SMembers(rctx, m.subjectKey(a, subject)).Result()
	if err != nil {
		return web.Fail(web.CodeDependencyDown, fmt.Errorf("session: redis: %w", err))
	}
	candidates := make([]string, 0, len(sids))
	for _, sid := range sids {
		if sid != except && validSID(sid) {
			candidates = append(candidates, sid)
		}
	}
	if onlyUnproven {
		if candidates, err = m.unproven(rctx, candidates); err != nil {
			return web.Fail(web.CodeDependencyDown, err)
		}
	}
	for _, sid := range candidates {
		// One at a time through remove, so that whatever a session opened ends with it.
		if err := m.remove(ctx, sid); err != nil {
			return web.Fail(web.CodeDependencyDown, err)
		}
	}
	return nil
}

// unproven keeps those of sids whose session still exists and is of ProofNone.
func (m *Manager) unproven(ctx context.Context, sids []string) ([]string, error) {
	cmds := make([]*redis.StringCmd, len(sids))
	_, err := m.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, sid := range sids {
			cmds[i] = p.HGet(ctx, m.key(sid), "d")
		}
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("session: redis: %w", err)
	}
	out := sids[:0]
	for i, cmd := range cmds {
		var rec record
		if d, err := cmd.Result(); err == nil && json.Unmarshal([]byte(d), &rec) == nil && rec.Proof == ProofNone {
			out = append(out, sids[i])
		}
	}
	return out, nil
}

// Prove records that the person of the request's session has proved who they are, by proof. An
// unproven session cannot outlive that step: it is replaced by a new session of the same subject, role
// and credentials (a new id, cookie and token, as after any sign-in), whose token is handed back in
// HeaderRenewedToken, and it is revoked. Either way every other unproven session of the subject then
// ends, so a registration someone else made with this address cannot go on. Without a session it fails
// with CodeUnauthenticated; a Redis failure is CodeDependencyDown.
func (m *Manager) Prove(ctx context.Context, c *gin.Context, proof Proof) error {
	cur, ok := From(c)
	if !ok {
		return web.Fail(web.CodeUnauthenticated, ErrNoSession)
	}
	if proof == ProofNone {
		return web.Fail(web.CodeInternal, errors.New("session: Prove with ProofNone"))
	}
	keep := cur.ID
	if !cur.Proven() {
		token, err := m.Start(ctx, c, NewSession{Subject: cur.Subject, Audience: cur.Audience, Role: cur.Role,
			Upstream: cur.Upstream, Proof: proof, OpenedBy: cur.OpenedBy, NotAfter: openerBound(cur)})
		if err != nil {
			return err
		}
		if err := m.Revoke(ctx, cur.ID); err != nil {
			return err
		}
		c.Header(HeaderRenewedToken, token)
		next, _ := From(c)
		keep = next.ID
	}
	return m.RevokeSubject(ctx, cur.Audience, cur.Subject, keep, true)
}

// openerBound is how long a session replacing s may live: no longer than s when a member of staff
// opened s (their sign-in bounds it), unbounded otherwise.
func openerBound(s *Session) time.Time {
	if s.OpenedBy == "" {
		return time.Time{}
	}
	return s.ExpiresAt
}
