package notify

import (
	"encoding/json"
	"errors"

	"lender/bff/upstream/notify"
	"lender/sandbox/internal/provider"
)

// The provider's section of the sandbox snapshot (sandbox/snapshot): the mailbox, every captured
// message in the order it was accepted with the address it is searched by, and the remembered
// Idempotency-Keys, so a send repeated after a restart is not captured twice.

type messageRec struct {
	Message notify.Message `json:"message"`
	ToKey   string         `json:"toKey"`
}

// SaveSnapshot is the provider's section.
func (p *Provider) SaveSnapshot() (json.RawMessage, error) {
	out := []messageRec{}
	p.mu.RLock()
	for _, s := range p.messages {
		out = append(out, messageRec{Message: s.msg, ToKey: s.toKey})
	}
	p.mu.RUnlock()
	return p.SaveSection("messages", out)
}

// LoadSnapshot checks the provider's section and answers what replaces the mailbox with it.
func (p *Provider) LoadSnapshot(raw json.RawMessage) (func(), error) {
	var in []messageRec
	keys, err := provider.LoadSection(raw, "messages", &in)
	if err != nil {
		return nil, err
	}
	messages := make([]stored, 0, len(in))
	byID := map[string]int{}
	for _, r := range in {
		if r.Message.ID == "" || r.ToKey == "" {
			return nil, errors.New("a message lacks its id or address")
		}
		if _, dup := byID[r.Message.ID]; dup {
			return nil, errors.New("message " + r.Message.ID + " is saved twice")
		}
		if r.Message.Links == nil {
			r.Message.Links = []string{}
		}
		byID[r.Message.ID] = len(messages)
		messages = append(messages, stored{msg: r.Message, toKey: r.ToKey})
	}
	return p.Restore(keys, func() {
		p.mu.Lock()
		p.messages, p.byID = messages, byID
		p.mu.Unlock()
	})
}
