package provider

import (
	"encoding/json"

	"lender/sandbox/httpjson"
)

// A provider whose state is a list of records keeps it in its section of the snapshot file
// (sandbox/snapshot) as {"<name>":[records…],"idempotencyKeys":[…]}, so that a call repeated after a
// restart is replayed rather than done twice.

// keysField names the remembered Idempotency-Keys in a provider's section.
const keysField = "idempotencyKeys"

// SaveSection writes the section of a provider whose records are under name.
func (b Base) SaveSection(name string, records any) (json.RawMessage, error) {
	section := map[string]any{name: records, keysField: b.Idem.Export()}
	return json.Marshal(section)
}

// LoadSection reads a section SaveSection wrote: the records under name into records, and the
// Idempotency-Keys, which Restore then checks.
func LoadSection(raw json.RawMessage, name string, records any) ([]httpjson.IdempotencyRecord, error) {
	var section map[string]json.RawMessage
	if err := json.Unmarshal(raw, &section); err != nil {
		return nil, err
	}
	if r, ok := section[name]; ok {
		if err := json.Unmarshal(r, records); err != nil {
			return nil, err
		}
	}
	var keys []httpjson.IdempotencyRecord
	if k, ok := section[keysField]; ok {
		if err := json.Unmarshal(k, &keys); err != nil {
			return nil, err
		}
	}
	return keys, nil
}
