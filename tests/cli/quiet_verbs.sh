#!/bin/sh
# cli.quiet_every_verb: with --quiet every verb prints nothing on stderr.
#   quiet_verbs.sh ORDO DATADIR WORKDIR
set -eu
o=$1 d=$2 w=$3
while IFS= read -r args; do
  # shellcheck disable=SC2086 # the arguments are split on purpose
  err=$("$o" $args --quiet 2>&1 >/dev/null) || { echo "FAILED: ordo $args --quiet: $err"; exit 1; }
  [ -z "$err" ] || { echo "FAILED: ordo $args --quiet printed: $err"; exit 1; }
done <<ARGS
rank $d/keys.txt -o $w/quiet.txt
listrank $d/list.txt -o $w/quiet.txt
sortidx $d/prim_keys.txt -o $w/quiet.txt
scan $d/prim_keys.txt -o $w/quiet.txt
sort $d/rough_keys.txt -o $w/quiet.txt
radius $d/rough_keys.txt
segsort $d/seg_keys.txt --segment-length 3 -o $w/quiet.txt
gen list --n 10 -o $w/quiet.npy
gen ksorted --n 10 --k 2 -o $w/quiet.npy
topk $d/multikey.csv --column score -k 2 -o $w/quiet.txt
lexsort $d/multikey.csv --column team,score -o $w/quiet.txt
rank $d/multikey.csv --column team,score --descending score -o $w/quiet.txt
ARGS
echo ok
