# Sourced by Anemometer's scripts: sets ANEMOMETER_JAVA to the newest JDK >= 17.
# Looks at JAVA_HOME first, then every JDK under /usr/lib/jvm, then `java` on the PATH.

anemometer_java_major() {
  "$1" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

anemometer_find_jdk() {
  local best="" best_major=0 candidate major
  local candidates=()
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME/bin/java")
  for dir in /usr/lib/jvm/*/; do
    candidates+=("${dir}bin/java")
  done
  command -v java >/dev/null 2>&1 && candidates+=("$(command -v java)")
  for candidate in "${candidates[@]}"; do
    [ -x "$candidate" ] || continue
    [ -x "$(dirname "$candidate")/javac" ] || continue
    major=$(anemometer_java_major "$candidate")
    [ -n "$major" ] || continue
    if [ "$major" -gt "$best_major" ]; then
      best="$candidate"
      best_major="$major"
    fi
  done
  if [ -z "$best" ] || [ "$best_major" -lt 17 ]; then
    echo "anemometer: no JDK 17 or newer found (looked at JAVA_HOME, /usr/lib/jvm/*, PATH)." >&2
    echo "anemometer: install one, e.g. 'apt-get install openjdk-17-jdk', or set JAVA_HOME." >&2
    return 1
  fi
  ANEMOMETER_JAVA="$best"
  ANEMOMETER_JAVA_MAJOR="$best_major"
  ANEMOMETER_JAVA_HOME="$(cd "$(dirname "$best")/.." && pwd)"
  export ANEMOMETER_JAVA ANEMOMETER_JAVA_MAJOR ANEMOMETER_JAVA_HOME
}
