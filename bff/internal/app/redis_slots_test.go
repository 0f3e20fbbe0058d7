package app

import (
	"bufio"
	"context"
	"crypto/sha1"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/notify"
)

// clusterSlot is the Redis Cluster hash slot of key: CRC16 (XMODEM) of its hash tag — the text
// between the first { and the next } when that is not empty — or of the whole key, modulo 16384.
func clusterSlot(key string) int {
	if open := strings.IndexByte(key, '{'); open >= 0 {
		if end := strings.IndexByte(key[open+1:], '}'); end > 0 {
			key = key[open+1 : open+1+end]
		}
	}
	var crc uint16
	for i := 0; i < len(key); i++ {
		crc ^= uint16(key[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return int(crc) % 16384
}

func TestClusterSlotMatchesRedis(t *testing.T) {
	t.Parallel()
	// Figures from the Redis Cluster specification and `CLUSTER KEYSLOT`.
	for key, want := range map[string]int{
		"123456789":            0x31C3,
		"somekey":              11058,
		"foo{hash_tag}":        2515,
		"bar{hash_tag}":        2515,
		"{user1000}.following": clusterSlot("user1000"),
		"foo{}{bar}":           clusterSlot("foo{}{bar}"),
	} {
		if got := clusterSlot(key); got != want {
			t.Errorf("clusterSlot(%q) = %d, want %d", key, got, want)
		}
	}
	if clusterSlot("foo{}{bar}") == clusterSlot("bar") {
		t.Error("an empty {} must not make a hash tag")
	}
}

// scriptRun is one Lua script as Redis ran it: which script (the SHA-1 of its text), the keys it
// declared and every key its commands named.
type scriptRun struct {
	sha      string
	declared []string
	touched  []string
}

var monitorArg = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// monitorScripts watches a redis-server with MONITOR while do runs, and answers the scripts it ran.
// The end of do is marked by an ECHO on another connection, so nothing is waited for by time.
func monitorScripts(t *testing.T, st *stack, do func()) []scriptRun {
	t.Helper()
	conn, err := net.Dial("tcp", st.redis.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(conn)
	if _, err := fmt.Fprint(conn, "MONITOR\r\n"); err != nil {
		t.Fatal(err)
	}
	if line, err := r.ReadString('\n'); err != nil || strings.TrimSpace(line) != "+OK" {
		t.Fatalf("MONITOR answered %q (%v)", line, err)
	}

	do()
	marker := "end-of-scripts-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if err := st.rdb().Echo(context.Background(), marker).Err(); err != nil {
		t.Fatal(err)
	}

	var runs []scriptRun
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("reading MONITOR: %v", err)
		}
		source, command, ok := strings.Cut(strings.TrimSpace(line), "] ")
		if !ok {
			continue
		}
		var args []string
		for _, m := range monitorArg.FindAllStringSubmatch(command, -1) {
			args = append(args, m[1])
		}
		if len(args) == 0 {
			continue
		}
		name := strings.ToLower(args[0])
		switch {
		case name == "echo" && len(args) == 2 && args[1] == marker:
			return runs
		case strings.HasSuffix(source, " lua"):
			if len(runs) == 0 {
				t.Fatalf("a script command before any script: %s", line)
			}
			// Every command the scripts use names its one key first.
			runs[len(runs)-1].touched = append(runs[len(runs)-1].touched, args[1])
		case name == "evalsha" || name == "eval":
			if len(args) < 3 {
				t.Fatalf("unreadable script call: %s", line)
			}
			n, err := strconv.Atoi(args[2])
			if err != nil || len(args) < 3+n {
				t.Fatalf("unreadable script call: %s", line)
			}
			sha := args[1]
			if name == "eval" {
				text, err := strconv.Unquote(`"` + sha + `"`)
				if err != nil {
					t.Fatalf("unreadable script text: %v", err)
				}
				sha = fmt.Sprintf("%x", sha1.Sum([]byte(text)))
			}
			runs = append(runs, scriptRun{sha: sha, declared: args[3 : 3+n]})
		}
	}
}

// TestEveryScriptKeepsToOneClusterSlot drives the sign-in ceremonies, which run every Lua script of
// the BFF (link and code records, rate limits, session creation and loading), and checks that each
// script run named keys of one hash slot only, so each would run unchanged on a Redis Cluster. A second
// link to the same address deletes the first one's record inside the same slot, and the first link no
// longer signs in.
func TestEveryScriptKeepsToOneClusterSlot(t *testing.T) {
	t.Parallel()
	st := startStackWith(t, stackOptions{ownRedis: true}) // MONITOR sees every database of a process
	p := persona(t)

	var first, second string
	runs := monitorScripts(t, st, func() {
		st.send("/user/magicLink", map[string]string{"email": p.Email}, nil, nil)
		_, first = st.linkToken(p.Email)
		st.send("/user/resendMagicLink", map[string]string{"email": p.Email}, nil, nil)
		_, second = st.linkToken(p.Email)
		_, creds := st.send("/user/redeemMagicLink", map[string]string{"token": second}, nil, nil).signedIn(t)
		if st.authorised(creds) != http.StatusOK {
			t.Fatal("the session of the redeemed link does not work")
		}
		st.send("/account/sendEmailVerify", map[string]string{"type": "EMAIL", "param": p.Email}, nil, nil)
		st.send("/account/adminLogin", map[string]string{"type": "EMAIL", "param": p.Email, "code": st.wrongCode(p.Email)}, nil, nil)
	})

	scripts := map[string]bool{}
	var replacing []scriptRun
	for _, run := range runs {
		keys := append(append([]string(nil), run.declared...), run.touched...)
		if len(keys) == 0 {
			t.Fatal("a script ran without naming a key")
		}
		slot := clusterSlot(keys[0])
		for _, k := range keys[1:] {
			if clusterSlot(k) != slot {
				t.Fatalf("one script run touched keys of slots %d and %d: %q", slot, clusterSlot(k), keys)
			}
		}
		scripts[run.sha] = true
		if len(run.touched) == 4 {
			replacing = append(replacing, run)
		}
	}
	if len(scripts) < 6 {
		t.Fatalf("the ceremonies ran %d different scripts, want at least the 6 of links, codes (store and check), rate limits and sessions (create and load)", len(scripts))
	}

	// The resend replaced the first link: it read the current link, deleted the first link's record,
	// and wrote the new record and pointer, all in the address's slot.
	if len(replacing) != 1 {
		t.Fatalf("%d script runs replaced a link, want 1 (the resend)", len(replacing))
	}
	deleted := replacing[0].touched[1]
	if !strings.HasPrefix(deleted, "apptest:auth:link:{") || deleted == replacing[0].declared[0] {
		t.Fatalf("the resend deleted %q, want the first link's record", deleted)
	}
	st.send("/user/redeemMagicLink", map[string]string{"token": first}, nil, nil).
		expectFailure(t, http.StatusOK, 100502, "expired or has already been used")
	st.assertRedisHoldsNo(first, second, p.Email)
}

// wrongCode is a 6-digit code other than the one just sent to address.
func (st *stack) wrongCode(address string) string {
	if st.code(address, notify.KindEmail) == "000000" {
		return "111111"
	}
	return "000000"
}
