# The auction app (system under test). Build from the repository root after ./mvnw package:
#   docker build -f docker/auction-app.Dockerfile -t anemometer/auction-app:0.1.0 .
FROM eclipse-temurin:21-jre
RUN groupadd --system --gid 10001 anemometer \
    && useradd --system --uid 10001 --gid anemometer --home-dir /opt/anemometer anemometer \
    && apt-get update && apt-get install -y --no-install-recommends curl \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /opt/anemometer
COPY auction-app/target/auction-app-*-exec.jar /opt/anemometer/app.jar
COPY docker/prepare-data.sh /opt/anemometer/prepare-data.sh
USER 10001:10001
EXPOSE 8080
# JVM flags (heap, GC) come from JAVA_OPTS; Spring settings from the environment or a mounted file.
ENV JAVA_OPTS=""
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/actuator/health/readiness || exit 1
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar /opt/anemometer/app.jar \"$@\"", "auction-app"]
