# The auction app (system under test) on Debian's Java 17 runtime. Build from the repository root
# after ./mvnw package:
#   docker build -f docker/auction-app.Dockerfile -t anemometer/auction-app:0.1.0 .
# BASE_IMAGE: any Debian bookworm image (the default is made from Debian's packages).
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
       openjdk-17-jre-headless curl \
    && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /usr/share/doc/* /usr/share/man/* /usr/share/locale/* \
    && groupadd --system --gid 10001 anemometer \
    && useradd --system --uid 10001 --gid anemometer --home-dir /opt/anemometer anemometer
WORKDIR /opt/anemometer
COPY auction-app/target/auction-app-*-exec.jar /opt/anemometer/app.jar
COPY docker/prepare-data.sh /opt/anemometer/prepare-data.sh
USER 10001:10001
EXPOSE 8080
# JVM flags (heap, GC) come from JAVA_OPTS; Spring settings from the environment or a mounted file.
# UTF-8 output: the console and logs print ±, µ and …, which the image's POSIX locale turns into ?.
ENV LANG=C.UTF-8
ENV JAVA_OPTS=""
# Healthy as soon as the readiness probe answers; the start period is long because a loaded 2-core
# machine took 85 s to start the app (failed checks count only after it).
HEALTHCHECK --interval=5s --timeout=3s --start-period=180s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/actuator/health/readiness || exit 1
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar /opt/anemometer/app.jar \"$@\"", "auction-app"]
