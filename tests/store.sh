#!/bin/sh
# The store from outside: `layoutd token` (exit codes, the token printed once
# as the last word, only its hash on disk, a private database file).  The
# crash test (kill -9 during a write burst) is tests/store_stress.
set -u
L=${LAYOUTD:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
check() { # name expected-exit command...
	name=$1 want=$2
	shift 2
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" != "$want" ]; then
		echo "FAIL $name: exit $got, expected $want"; cat "$T/out" "$T/err"; fail=1
	else
		echo "ok   $name"
	fi
}
contains() { # name text [file]
	if ! grep -qF -- "$2" "${3:-$T/out}"; then
		echo "FAIL $1: output lacks: $2"; cat "${3:-$T/out}"; fail=1
	fi
}

DB=$T/tokens.db
check "token list on a new database" 0 "$L" token list --db "$DB"
contains "list header" "NAME"
[ "$(stat -c %a "$DB")" = 600 ] || { echo "FAIL database mode $(stat -c %a "$DB"), expected 600"; fail=1; }
check "token add" 0 "$L" token add ci --db "$DB"
tok=$(tr -s ' \n' '\n\n' <"$T/out" | tail -n 1)
if echo "$tok" | grep -qE '^ldt_[0-9a-f]{64}$'; then echo "ok   token is the last word"
else echo "FAIL token is not the last word: $(cat "$T/out")"; fail=1; fi
check "token add, --db first" 0 "$L" token --db "$DB" add dev
tok2=$(tr -s ' \n' '\n\n' <"$T/out" | tail -n 1)
[ "$tok" != "$tok2" ] || { echo "FAIL two tokens are equal"; fail=1; }
check "duplicate live name" 2 "$L" token add ci --db "$DB"
contains "duplicate message" "already exists" "$T/err"
check "bad name" 2 "$L" token add "no spaces" --db "$DB"
contains "bad name message" "invalid name" "$T/err"
check "token list" 0 "$L" token list --db "$DB"
contains "list has ci" "ci "
contains "list has dev" "dev "
check "token revoke" 0 "$L" token revoke ci --db "$DB"
check "revoke again: not found" 1 "$L" token revoke ci --db "$DB"
contains "not found message" "no live token" "$T/err"
check "revoke unknown" 1 "$L" token revoke nobody --db "$DB"
check "re-add after revoke" 0 "$L" token add ci --db "$DB"
check "list shows revoked" 0 "$L" token list --db "$DB"
[ "$(grep -c '^ci ' "$T/out")" = 2 ] || { echo "FAIL list should show ci twice"; cat "$T/out"; fail=1; }
grep '^ci ' "$T/out" | grep -qE 'Z *[0-9]{4}-' || { echo "FAIL revoked time missing"; cat "$T/out"; fail=1; }
for f in "$DB" "$DB-wal"; do
	[ -f "$f" ] && grep -qF "${tok#ldt_}" "$f" && { echo "FAIL the token is stored in $f"; fail=1; }
done
check "no action" 2 "$L" token
check "unknown action" 2 "$L" token frobnicate --db "$DB"
check "add without name" 2 "$L" token add --db "$DB"
check "extra argument" 2 "$L" token add a b --db "$DB"
check "--db without path" 2 "$L" token list --db
check "unknown option" 2 "$L" token list --bogus
check "help" 0 "$L" token --help
echo "garbage garbage garbage garbage garbage garbage" >"$T/garbage.db"
check "not a database" 1 "$L" token list --db "$T/garbage.db"
contains "not a database message" "not an SQLite database" "$T/err"
check "missing directory" 1 "$L" token list --db "$T/no/such/dir.db"

exit $fail
