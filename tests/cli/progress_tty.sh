#!/bin/sh
# cli.progress_tty: the computation's progress bar on a pseudo-terminal
# (script(1)), and nothing of it when stderr is piped or with --quiet.
#   progress_tty.sh ORDO WORKDIR
# --device cpu: the GPU has no prefix estimate (its bar shows elapsed time only).
# ORDO_PROGRESS_MIN_SECONDS=0 draws the bar for any call big enough to be
# timed on a prefix (2^20 elements and up), however fast this machine is.
set -eu
ordo=$1 work=$2
fail() { echo "FAILED: $*"; exit 1; }
export ORDO_PROGRESS_MIN_SECONDS=0
"$ordo" gen list --n 2097152 --seed 7 -o "$work/big_list.npy"

on_tty() { script -qec "$1" /dev/null; }

for verb in "sort '$work/big_list.npy' -o '$work/big_out.npy' --device cpu|sorting 2097152 keys" \
            "listrank '$work/big_list.npy' -o '$work/big_out.npy' --device cpu|ranking 2097152 list nodes" \
            "scan '$work/big_list.npy' -o '$work/big_out.npy' --device cpu|scanning 2097152 values"; do
  args=${verb%%|*} label=${verb#*|}
  tty=$(on_tty "'$ordo' $args")
  printf '%s\n' "$tty" | grep -q "$label: \[.*\] ~[0-9]*%.*(estimate)" || fail "$args: no bar on a terminal: $tty"
  printf '%s\n' "$tty" | grep -q "$label: done in" || fail "$args: no final line on a terminal: $tty"
  [ "$label" = "sorting 2097152 keys" ] || continue  # the rest once: they are alike for every verb
  piped=$(eval "'$ordo' $args" 2>&1 >/dev/null)
  case $piped in *"$label"*) fail "$args: a bar when piped: $piped" ;; esac
  quiet=$(on_tty "'$ordo' $args --quiet")
  [ -z "$quiet" ] || fail "$args --quiet printed on a terminal: $quiet"
  logged=$(eval "'$ordo' $args --progress" 2>&1 >/dev/null)
  printf '%s\n' "$logged" | grep -q "$label: done in" || fail "$args --progress: no log line when piped: $logged"
  case $logged in *"$(printf '\r')"*) fail "$args --progress: a carriage return in a log" ;; esac
done
echo "ok"
