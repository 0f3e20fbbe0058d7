package notify

import "time"

// Name is the provider's name in configuration, metrics and errors.
const Name = "notify"

// Kinds of message (Message.Kind, MessageQuery.Kind).
const (
	KindEmail = "email"
	KindSMS   = "sms"
)

// StatusDelivered is Message.Status of a message the provider has handed on (the sandbox captures it in
// its mailbox instead).
const StatusDelivered = "delivered"

// Error codes the provider answers with a 4xx status.
const (
	CodeBadRequest            = "bad_request"             // 400: the body is not the JSON object of the call
	CodeInvalidAddress        = "invalid_address"         // 400: to or from is not a valid address
	CodeInvalidMessage        = "invalid_message"         // 400: subject, bodies, template, tags or metadata
	CodeInvalidQuery          = "invalid_query"           // 400: GET /messages kind or limit
	CodeInvalidIdempotencyKey = "invalid_idempotency_key" // 400: the Idempotency-Key header
	CodeIdempotencyConflict   = "idempotency_conflict"    // 409: the key was used with another request
	CodeMessageNotFound       = "message_not_found"       // 404: GET /messages/{id}
)

// Limits of a message, enforced by the provider with 400 invalid_message.
const (
	MaxSubject      = 998  // characters, no line breaks
	MaxSMSText      = 1600 // characters (ten concatenated segments)
	MaxTags         = 10   // each 1–64 of [a-z0-9_-]
	MaxMetadataKeys = 10   // keys 1–40 of [A-Za-z0-9_-], values up to 256 characters
)

// Email is the body of POST /emails. At least one of HTML and Text is required.
type Email struct {
	To       string            `json:"to"`                 // one address, e.g. "jo@example.com" (no display name)
	From     string            `json:"from,omitempty"`     // the sender address; the account default when empty
	Subject  string            `json:"subject"`            // required, one line
	HTML     string            `json:"html,omitempty"`     // the rendered HTML body
	Text     string            `json:"text,omitempty"`     // the rendered plain-text body
	Template string            `json:"template,omitempty"` // the template it was rendered from, e.g. "magic-link"
	Tags     []string          `json:"tags,omitempty"`     // for search and analytics, e.g. ["auth"]
	Metadata map[string]string `json:"metadata,omitempty"` // opaque to the provider, echoed on the message
}

// SMS is the body of POST /sms.
type SMS struct {
	To       string            `json:"to"`   // E.164, e.g. "+447700900123"
	Text     string            `json:"text"` // required, at most MaxSMSText characters
	Template string            `json:"template,omitempty"`
	Tags     []string          `json:"tags,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// Message is a sent e-mail or SMS as the provider holds it (the answer of both sends and of
// GET /messages/{id}).
type Message struct {
	ID       string            `json:"id"`     // "msg_…"
	Kind     string            `json:"kind"`   // KindEmail or KindSMS
	Status   string            `json:"status"` // StatusDelivered
	To       string            `json:"to"`
	From     string            `json:"from,omitempty"`
	Subject  string            `json:"subject,omitempty"` // e-mail only
	HTML     string            `json:"html,omitempty"`    // e-mail only
	Text     string            `json:"text,omitempty"`
	Template string            `json:"template,omitempty"`
	Tags     []string          `json:"tags,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
	// Links are the absolute http(s) links in the bodies (href of every <a> in HTML, then URLs in the
	// text), in order of appearance, without duplicates: what a test or the sandbox mailbox follows.
	Links []string `json:"links"`
	// Segments is how many SMS parts the text takes (GSM 03.38: 160, or 153 each when concatenated;
	// otherwise UCS-2: 70, or 67 each). SMS only.
	Segments  int       `json:"segments,omitempty"`
	CreatedAt time.Time `json:"createdAt"` // when the provider accepted it (RFC 3339)
	// Read says the recipient has read it in the lender's inbox (POST /messages/{id}/read); ReadAt is
	// when it was first marked, absent until then.
	Read   bool      `json:"read"`
	ReadAt time.Time `json:"readAt,omitzero"`
}

// MessageList is the answer of GET /messages: newest first.
type MessageList struct {
	Messages []Message `json:"messages"`
}

// MessageQuery filters GET /messages. Every field is optional.
type MessageQuery struct {
	To    string // an e-mail address (case-insensitive) or an E.164 number
	Kind  string // KindEmail or KindSMS
	Limit int    // 1–200; 0 means 50
}
