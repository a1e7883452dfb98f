#!/bin/sh
# stale.sh - list the mutants of mutants.txt whose "from" snippet is not in
# its file(s) exactly once, without building anything: mutate.sh reports
# such a mutant as stale and leaves it out of the kill rate, so a move of
# code can silently drop it.  Exits 1 when any is stale.
#
# usage: tests/mutate/stale.sh [LIST]   (default: mutants.txt beside this script)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
list=${1:-$here/mutants.txt}
command -v perl >/dev/null || { echo "stale.sh: perl is required" >&2; exit 2; }
TOP=$top perl -e '
	my ($name, $file, $bad, $n) = ("", "", 0, 0);
	sub check {
		my ($name, $file, $from) = @_;
		my $hits = 0;
		for my $f (glob("$ENV{TOP}/$file")) {
			next unless -f $f;
			open(my $h, "<", $f) or next;
			local $/;
			my $text = <$h>;
			my $c = () = $text =~ /\Q$from\E/g;
			$hits += $c;
		}
		return $hits;
	}
	while (<>) {
		chomp;
		if (/^mutant: ?(.*)$/) { $name = $1; $n++; }
		elsif (/^file: ?(.*)$/) { $file = $1; }
		elsif (/^from: ?(.*)$/) {
			my $hits = check($name, $file, $1);
			if ($hits != 1) {
				print "stale ($hits hits): $name [$file]\n";
				$bad++;
			}
		}
	}
	print "$n mutants, $bad stale\n";
	exit($bad ? 1 : 0);
' "$list"
