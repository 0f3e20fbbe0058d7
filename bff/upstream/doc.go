// Package upstream holds one package per upstream provider the BFF calls (DESIGN §3.2): lending,
// payments, openbanking, identity and notify. Each documents its provider's API in its package doc and
// exposes wire types, a client built on transport, and the API interface the BFF features use. The
// sandbox (sandbox/) imports these wire types and serves them; the contract test in this directory runs
// every client method against it.
package upstream
