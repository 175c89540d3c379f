# The workload driver on Debian's Java 17 runtime: one standalone run, a controller or a worker.
# Build from the repository root after ./mvnw package:
#   docker build -f docker/workload-driver.Dockerfile -t anemometer/workload-driver:0.1.0 .
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
       openjdk-17-jre-headless \
    && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /usr/share/doc/* /usr/share/man/* /usr/share/locale/* \
    && groupadd --system --gid 10001 anemometer \
    && useradd --system --uid 10001 --gid anemometer --home-dir /opt/anemometer anemometer \
    && mkdir -p /results && chown anemometer:anemometer /results
WORKDIR /opt/anemometer
COPY workload-driver/target/workload-driver-*-exec.jar /opt/anemometer/driver.jar
USER 10001:10001
EXPOSE 7000
# UTF-8 output: the console and logs print ±, µ and …, which the image's POSIX locale turns into ?.
ENV LANG=C.UTF-8
ENV JAVA_OPTS="-XX:MaxRAMPercentage=75"
# A worker answers on its control port; a standalone run or a controller has no port to check.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
    CMD bash -c 'test -z "$DRIVER_HEALTH_PORT" || (exec 3<>"/dev/tcp/127.0.0.1/$DRIVER_HEALTH_PORT")'
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar /opt/anemometer/driver.jar \"$@\"", "workload-driver"]
