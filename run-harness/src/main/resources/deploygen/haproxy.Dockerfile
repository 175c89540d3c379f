# HAProxy from Debian's packages, the version the local target runs, as the unprivileged user
# haproxy (the rendered haproxy.cfg binds 8080). The configuration is mounted at
# /etc/haproxy/haproxy.cfg.
#   docker build -f docker/haproxy.Dockerfile -t anemometer/haproxy:0.1.0 .
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy \
    && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /usr/share/doc/* /usr/share/man/* /usr/share/locale/*
USER haproxy
EXPOSE 8080
STOPSIGNAL SIGUSR1
ENTRYPOINT ["haproxy", "-W", "-db", "-f", "/etc/haproxy/haproxy.cfg"]
