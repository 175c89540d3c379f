#!/usr/bin/env bash
# Compares the driver's raw HTTP loop with wrk against one local nginx static page.
#
# nginx (1 worker) runs pinned to core 0; wrk and then the driver run pinned to core 1, each with
# the same connections on one thread. Throughput is capped by nginx's single worker, so the figure
# that ranks the generators is CPU time per request.
# Then (unless -j 0) the driver's reading of the app's JSON answers, each as the operations read it
# against a Jackson tree of the whole body: CPU and bytes allocated per body and per 100 operations.
# Then (unless -u 0) simulated users of the default behaviour run on one event loop (core 1)
# against a canned stand-in of the auction app (core 0): the driver's CPU per user-second, the bytes
# its event loop allocates per operation and the latency it adds (from when an operation was due to
# its end, less its time on the wire), for each count of -u (default 2,000 and 10,000; a count one
# process's open-file limit cannot hold runs split over several driver processes, each against a
# canned app of its own, all on the same cores, and their figures are added up and merged).
#
# Usage: workload-driver-bench/bench.sh [-c CONNECTIONS] [-d SECONDS] [-w WARMUP_SECONDS]
#                                      [-u USERS[,USERS...]] [-s USER_SECONDS] [-j JSON_SECONDS]
# Env:   ANEMOMETER_DRIVER_CP  classpath of the bench and the driver (default: built with ./mvnw
#                              from this checkout, which needs nothing installed beforehand)
#        ANEMOMETER_BENCH_JAVA_OPTS  extra JVM options for the driver (e.g. a profiler)
#        JAVA_HOME             JDK to use (default: the newest under /usr/lib/jvm)
set -euo pipefail

connections=32
duration_s=15
warmup_s=10
users=2000,10000
user_duration_s=60
json_s=2
while getopts "c:d:w:u:s:j:h" opt; do
  case "$opt" in
    c) connections="$OPTARG" ;;
    d) duration_s="$OPTARG" ;;
    w) warmup_s="$OPTARG" ;;
    u) users="$OPTARG" ;;
    s) user_duration_s="$OPTARG" ;;
    j) json_s="$OPTARG" ;;
    *) sed -n '2,21p' "$0"; exit 2 ;;
  esac
done
for value in "$connections" "$duration_s" "$warmup_s" "$user_duration_s"; do
  [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "bench: -c, -d, -w and -s take positive integers" >&2; exit 2; }
done
[[ "$users" =~ ^[0-9]+(,[1-9][0-9]*)*$ ]] || { echo "bench: -u takes user counts, comma-separated (0 skips the users phase)" >&2; exit 2; }
[[ "$json_s" =~ ^[0-9]+$ ]] || { echo "bench: -j takes seconds per measurement (0 skips the JSON phase)" >&2; exit 2; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../scripts/find-jdk.sh
source "$root/scripts/find-jdk.sh"
anemometer_find_jdk
for tool in nginx wrk taskset python3; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is not installed" >&2; exit 2; }
done
if [ "$(nproc)" -lt 2 ]; then
  echo "bench: needs 2 cores (server and generator each on its own)" >&2
  exit 2
fi

work="$(mktemp -d -t anemometer-bench.XXXXXX)"
nginx_pid=""
app_pid=""
user_pids=""
cleanup() {
  for pid in $nginx_pid $user_pids $app_pid; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

classpath="${ANEMOMETER_DRIVER_CP:-}"
if [ -z "$classpath" ]; then
  # One reactor build: the driver's test-scoped dependencies (the app's test jar) come from this
  # build, not from a local repository, and the bench module copies its runtime jars to target/lib.
  echo "bench: building workload-driver-bench..." >&2
  (cd "$root" && ./mvnw -B -q -pl workload-driver-bench -am package -DskipTests \
    -Dspring-boot.repackage.skip=true) >&2
  classpath="$root/workload-driver-bench/target/classes:$root/workload-driver-bench/target/lib/*"
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# --- nginx: one worker, a 612-byte static page, keep-alive for the whole run -----------------
port="$(free_port)"
mkdir -p "$work/www" "$work/tmp"
python3 - "$work/www/index.html" <<'PY'
import sys
head = "<!DOCTYPE html>\n<html>\n<head>\n<title>Anemometer bench</title>\n</head>\n<body>\n<p>"
tail = "</p>\n</body>\n</html>\n"
page = head + "x" * (612 - len(head) - len(tail)) + tail
assert len(page.encode()) == 612
open(sys.argv[1], "w").write(page)
PY
chmod -R a+rX "$work"
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
daemon off;
user root;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000;
  keepalive_timeout 300s;
  client_body_temp_path $work/tmp;
  proxy_temp_path $work/tmp;
  fastcgi_temp_path $work/tmp;
  uwsgi_temp_path $work/tmp;
  scgi_temp_path $work/tmp;
  server {
    listen 127.0.0.1:$port;
    root $work/www;
  }
}
CONF
taskset -c 0 nginx -p "$work" -c "$work/nginx.conf" &
nginx_pid=$!
url="http://127.0.0.1:$port/"
for _ in $(seq 100); do
  python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2).close()" 2>/dev/null && break
  sleep 0.1
done

# --- wrk: one thread, CPU time of the process from the shell's accounting of its children ------
echo "bench: wrk -t1 -c$connections -d${duration_s}s $url (core 1)" >&2
wrk_out="$(bash -c "taskset -c 1 wrk -t1 -c$connections -d${duration_s}s $url; times" 2>&1)"
wrk_rps="$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' <<<"$wrk_out")"
wrk_requests="$(sed -n 's/^ *\([0-9]*\) requests in .*/\1/p' <<<"$wrk_out")"
# The children's line of `times`: user and kernel CPU seconds, space-separated.
wrk_cpu_s="$(tail -n 1 <<<"$wrk_out" | python3 -c '
import re, sys
parts = re.findall(r"(\d+)m([\d.]+)s", sys.stdin.read())
print(" ".join(str(int(m) * 60 + float(s)) for m, s in parts))')"
if [ -z "$wrk_rps" ] || [ -z "$wrk_requests" ]; then
  echo "bench: could not read wrk's output:" >&2
  echo "$wrk_out" >&2
  exit 1
fi

# --- the driver: same connections on one event loop, after an unmeasured warm-up ---------------
cat > "$work/logback.xml" <<'XML'
<configuration>
  <appender name="err" class="ch.qos.logback.core.ConsoleAppender">
    <target>System.err</target>
    <encoder><pattern>%d{HH:mm:ss} %-5level %logger{36} - %msg%n</pattern></encoder>
  </appender>
  <root level="WARN"><appender-ref ref="err"/></root>
</configuration>
XML
echo "bench: driver raw loop, $connections connections, ${warmup_s}s warm-up + ${duration_s}s (core 1, java $ANEMOMETER_JAVA_MAJOR)" >&2
driver_out="$(taskset -c 1 "$ANEMOMETER_JAVA" ${ANEMOMETER_BENCH_JAVA_OPTS:-} -XX:+UseSerialGC -Xms256m -Xmx256m --enable-native-access=ALL-UNNAMED \
  -Dio.netty.leakDetection.level=disabled -Dlogback.configurationFile="$work/logback.xml" \
  -cp "$classpath" dev.anemometer.driver.bench.HttpBench \
  "$url" "$connections" "$duration_s" "$warmup_s")"
field() { sed -n "s/^$1=//p" <<<"$driver_out"; }
echo "bench: driver threads by CPU in the window: $(field busiest_threads)" >&2

python3 - "$connections" "$duration_s" "$wrk_requests" "$wrk_rps" "$wrk_cpu_s" \
  "$(field requests)" "$(field requests_per_second)" "$(field process_cpu_us_per_request)" \
  "$(field loop_cpu_us_per_request)" "$(field failures)" "$(field transport)" \
  "$ANEMOMETER_JAVA_MAJOR" "$(field loop_user_us_per_request)" <<'PY'
import sys
(c, d, wrk_n, wrk_rps, wrk_cpu, drv_n, drv_rps, drv_cpu_us, drv_loop_us, drv_fail, transport,
 java, drv_loop_user_us) = sys.argv[1:]
wrk_user_s, wrk_kernel_s = (float(x) for x in wrk_cpu.split())
wrk_cpu_us = (wrk_user_s + wrk_kernel_s) * 1e6 / int(wrk_n)
wrk_user_us = wrk_user_s * 1e6 / int(wrk_n)
print(f"connections={c} duration={d}s, nginx 1 worker on core 0, generator on core 1")
print(f"{'generator':<28}{'requests/s':>12}{'CPU us/request':>16}")
print(f"{'wrk -t1':<28}{float(wrk_rps):>12.0f}{wrk_cpu_us:>16.2f}")
print(f"{'driver (' + transport + ', java ' + java + ')':<28}{float(drv_rps):>12.0f}"
      f"{float(drv_cpu_us):>16.2f}   (event loop alone {float(drv_loop_us):.2f}; failures {drv_fail})")
print(f"{'ratio driver/wrk':<28}{float(drv_rps) / float(wrk_rps):>12.2f}"
      f"{float(drv_cpu_us) / wrk_cpu_us:>16.2f}")
# Where each one's time per request goes: its own code (user) or the kernel's TCP, epoll and
# scheduler paths, which both share and which dominate on loopback.
print(f"{'CPU us/request':<28}{'user':>12}{'kernel':>16}")
print(f"{'wrk -t1':<28}{wrk_user_us:>12.2f}{wrk_cpu_us - wrk_user_us:>16.2f}")
loop_user = float(drv_loop_user_us)
print(f"{'driver event loop':<28}{loop_user:>12.2f}{float(drv_loop_us) - loop_user:>16.2f}")
PY

# --- phase 2: reading the app's answers, as the operations do against a Jackson tree ------------
if [ "$json_s" -gt 0 ]; then
  echo "bench: JSON reads, ${json_s}s warm-up + ${json_s}s per body and way (core 1)" >&2
  echo
  taskset -c 1 "$ANEMOMETER_JAVA" -XX:+UseSerialGC -Xms256m -Xmx256m -cp "$classpath" \
    dev.anemometer.driver.operation.JsonReadBench "$json_s"
fi

[ "$users" != 0 ] || exit 0

# --- phase 3: simulated users of the default behaviour against a canned app ---------------------
jvm_opts=(-XX:+UseSerialGC -Xms512m -Xmx512m --enable-native-access=ALL-UNNAMED
  -Dio.netty.leakDetection.level=disabled -Dlogback.configurationFile="$work/logback.xml")
kill "$nginx_pid" 2>/dev/null || true
wait "$nginx_pid" 2>/dev/null || true
nginx_pid=""
stop_apps() {
  for pid in $app_pid; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  app_pid=""
}
user_warmup_s=90
open_files="$(ulimit -n)"
# A user holds up to 4 connections (its page and its long polls), in the driver and in the app: a
# process holds at most this many users within the open-file limit.
per_process=0
if [ "$open_files" != unlimited ]; then
  per_process=$(( (open_files - 300) / 4 ))
  [ "$per_process" -ge 1 ] || { echo "bench: an open-file limit of $open_files holds no user (ulimit -n)" >&2; exit 2; }
fi
for count in ${users//,/ }; do
  parts=1
  if [ "$per_process" -gt 0 ] && [ "$count" -gt "$per_process" ]; then
    parts=$(( (count + per_process - 1) / per_process ))
    echo "bench: $count users need about $((count * 4 + 300)) open files in one process, above" \
      "this shell's limit of $open_files (ulimit -n): split over $parts driver processes, each" \
      "against a canned app of its own; their CPU and operations add up, their latencies merge" >&2
  fi
  part_files=()
  part_pids=()
  for part in $(seq 0 $((parts - 1))); do
    part_users=$(( count / parts + (part < count % parts ? 1 : 0) ))
    app_port="$(free_port)"
    taskset -c 0 "$ANEMOMETER_JAVA" "${jvm_opts[@]}" -cp "$classpath" \
      dev.anemometer.driver.bench.CannedAuctionApp "$app_port" >"$work/app-$count-$part.log" 2>&1 &
    app_pid="$app_pid $!"
    for _ in $(seq 200); do
      python3 -c "import socket; socket.create_connection(('127.0.0.1', $app_port), 0.2).close()" 2>/dev/null && break
      sleep 0.1
    done
    part_files+=("$work/users-$count-$part.out")
    taskset -c 1 "$ANEMOMETER_JAVA" ${ANEMOMETER_BENCH_JAVA_OPTS:-} "${jvm_opts[@]}" \
      -cp "$classpath" dev.anemometer.driver.bench.UserBench \
      "http://127.0.0.1:$app_port" "$part_users" "$user_duration_s" "$user_warmup_s" \
      >"${part_files[-1]}" &
    part_pids+=($!)
    user_pids="$user_pids $!"
  done
  if [ "$parts" -gt 1 ]; then where="$parts event loops, one per process,"; else where="one event loop"; fi
  echo "bench: $count users on $where ${user_warmup_s}s warm-up + ${user_duration_s}s (core 1, canned app on core 0)" >&2
  for pid in "${part_pids[@]}"; do
    wait "$pid" || { echo "bench: a user bench process for $count users failed" >&2; exit 1; }
  done
  user_pids=""
  stop_apps
  users_out="$(taskset -c 1 "$ANEMOMETER_JAVA" -XX:+UseSerialGC -cp "$classpath" \
    dev.anemometer.driver.bench.MergeUserBenchParts "${part_files[@]}")"
  ufield() { sed -n "s/^$1=//p" <<<"$users_out"; }
  echo "bench: driver threads by CPU in the window: $(ufield busiest_threads)" >&2
  python3 - "$count" "$(ufield operations_per_second)" "$(ufield failures)" \
    "$(ufield process_cpu_us_per_user_second)" "$(ufield users_per_core)" \
    "$(ufield loop_cpu_us_per_user_second)" "$(ufield driver_added_us_p50)" \
    "$(ufield driver_added_us_p99)" "$(ufield driver_added_us_p999)" "$(ufield driver_added_us_max)" \
    "$(ufield loop_bytes_allocated_per_operation)" "$(ufield transport)" "$(ufield parts)" <<'PY'
import sys
(users, ops, failures, us, per_core, loop_us, add50, add99, add999, addmax, alloc, transport,
 parts) = sys.argv[1:]
where = "one event loop" if parts == "1" else f"{parts} event loops of {parts} processes"
print()
print(f"{users} users of the default behaviour on {where} ({transport}): {float(ops):.0f} "
      f"operations/s, {failures} failed")
print(f"event loop{'s' if parts != '1' else ''} alone {float(loop_us):.1f} us per user-second; "
      f"{'they' if parts != '1' else 'it'} allocated {float(alloc):,.0f} bytes per operation")
print(f"driver CPU per user-second {float(us):.1f} us (about {float(per_core):.0f} users per core); "
      f"Weathervane's driver ~330 us, target 33 us: ratio to target {float(us) / 33:.2f}")
print(f"driver-added latency (due to end, less time on the wire): p50 {float(add50):.0f} us, "
      f"p99 {float(add99):.0f} us, p99.9 {float(add999):.0f} us, max {float(addmax):.0f} us "
      f"(target p99 <= 1000 us)")
PY
done
