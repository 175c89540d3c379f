#!/bin/sh
# Check -> load if needed -> reset, as the harness does: afterwards the database holds a fresh data
# set for MAX_USERS users. The database comes from SPRING_DATASOURCE_URL/USERNAME/PASSWORD.
set -u
app() { java $JAVA_OPTS -jar /opt/anemometer/app.jar data "$@"; }
app check --users "$MAX_USERS"
case $? in
  0) echo "data for $MAX_USERS users present" ;;
  1) echo "loading data for $MAX_USERS users"; app load --max-users "$MAX_USERS" || exit 1 ;;
  *) echo "data check failed" >&2; exit 1 ;;
esac
exec java $JAVA_OPTS -jar /opt/anemometer/app.jar data reset
