// Package upstream holds one package per upstream provider the BFF calls (DESIGN §3.2): lending,
// payments, openbanking, identity and notify. Each documents its provider's API in its package doc and
// exposes wire types, a client built on transport, and an API interface of every call the client makes
// (features declare the few calls each makes, and the client satisfies them). The sandbox (sandbox/)
// imports these wire types and serves them; the contract test in this directory runs every client
// method against it.
package upstream
