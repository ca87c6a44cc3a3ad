#!/bin/bash
# Run a benchmark on a quiet machine: pause (SIGSTOP) every python, postgres, pytest, mypy, ruff, pip, uv and git
# process that is not this script's, and any that start while "$@" runs, then resume them all (SIGCONT) when it ends.
# Usage: bench/quiet.sh .venv/bin/python bench/load.py --seconds 30 --rates 100 (docs/benchmarks.md). Linux only.
me=$$
list=/tmp/quiet.$$.pids; : > $list
mine() { local p=$1; while [ "$p" -gt 1 ]; do [ "$p" = "$me" ] && return 0; p=$(awk '{print $4}' /proc/$p/stat 2>/dev/null); [ -z "$p" ] && return 1; done; return 1; }
sweep() {  # $1: also postgres (only before "$@" starts: its own server is not ours by ancestry once it daemonizes)
  for d in /proc/[0-9]*; do
    p=${d#/proc/}; c=$(cat $d/comm 2>/dev/null)
    case "$c" in postgres*) [ -z "$1" ] && continue;; esac
    case "$c" in python*|postgres*|pytest*|ruff|mypy|pip|uv|git) grep -qx "$p" $list && continue; mine $p || { kill -STOP $p 2>/dev/null && echo $p >> $list; };; esac
  done
}
resume() { kill -CONT $(cat $list) 2>/dev/null; rm -f $list; }
trap resume EXIT
sweep all; sleep 2; sweep all
( while sleep 2; do sweep; done ) & sweeper=$!
echo "paused $(wc -l < $list) processes"
"$@"
kill $sweeper
