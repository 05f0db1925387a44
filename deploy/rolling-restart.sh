#!/bin/sh
# Restarts Cubeshop instances one at a time behind nginx (docs/deploy.md, Rolling restarts):
#   deploy/rolling-restart.sh 8081 8082
# Each instance drains on SIGTERM while nginx sends new requests to the others; the next one goes
# only when this one answers /api/health again and nginx has had time to take it back.
set -eu
[ "$#" -gt 0 ] || { echo "usage: $0 PORT..." >&2; exit 2; }
for port in "$@"; do
  echo "restarting cubeshop@$port"
  systemctl restart "cubeshop@$port"
  tries=0
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 60 ]; then
      echo "cubeshop@$port is not healthy after 60 s: stopping here" >&2
      exit 1
    fi
    sleep 1
  done
  # nginx leaves a failed instance out for fail_timeout (2 s in deploy/nginx/cubeshop.conf).
  sleep 3
done
echo "all restarted: $*"
